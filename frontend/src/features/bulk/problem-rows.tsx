import { Check, Trash2 } from 'lucide-react';
import { type BatchColumn, type BatchProblem, isBatchColumn } from '#shared/batch-columns';
import { ScrollRegion } from '@/components/scroll-region';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/**
 * The rows that had problems at the last check, as a table of their cells, each editable in place
 *: the row numbers are the user's spreadsheet's, each input is named by its column and
 * row for screen readers, and a row's problems sit under it, re-checked as the user types. A row stays
 * in the table once fixed (marked so), so typing never moves the input away from under the cursor. On a
 * phone each row is a card of labelled fields.
 */
export function ProblemRows({
  idPrefix,
  header,
  rows,
  cellsOf,
  problems,
  onEdit,
  onRemove,
}: {
  idPrefix: string;
  /** The header row's cells as typed. */
  header: readonly string[];
  rows: readonly number[];
  cellsOf: (row: number) => readonly string[];
  problems: readonly BatchProblem[];
  onEdit: (row: number, cell: number, value: string) => void;
  onRemove: (row: number) => void;
}) {
  // The header's own columns in its order (an unknown one is a problem of row 1, listed apart).
  const columns = header
    .map((name, index) => ({ name: name.trim().toLowerCase(), index }))
    .filter((column): column is { name: BatchColumn; index: number } => isBatchColumn(column.name));
  return (
    <ScrollRegion label="Rows to fix" className="rounded-md border">
      <table className="w-full text-sm max-sm:block" data-testid="problem-rows">
        <caption className="sr-only">Rows with problems, editable in place</caption>
        <thead className="text-left text-muted-foreground max-sm:hidden">
          <tr className="border-b">
            <th scope="col" className="whitespace-nowrap px-2 py-2 font-medium">
              Row
            </th>
            {columns.map((column) => (
              <th key={column.index} scope="col" className="px-2 py-2 font-medium">
                {column.name}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 font-medium">
              Problems
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => {
            const cells = cellsOf(row);
            const own = problems.filter((problem) => problem.row === row);
            const messagesId = `${idPrefix}-row-${row}-problems`;
            return (
              <tr
                key={row}
                className="border-b align-top last:border-0 max-sm:grid max-sm:gap-2 max-sm:p-3"
                data-testid="problem-row"
              >
                <th scope="row" className="whitespace-nowrap px-2 py-2 text-left font-medium max-sm:p-0">
                  Row {row}
                </th>
                {columns.map((column) => {
                  const bad = own.some((problem) => problem.column === column.name);
                  return (
                    <td key={column.index} className="px-2 py-2 max-sm:block max-sm:p-0">
                      <span aria-hidden className="text-muted-foreground text-xs sm:hidden">
                        {column.name}
                      </span>
                      <Input
                        aria-label={`${column.name}, row ${row}`}
                        value={cells[column.index] ?? ''}
                        onChange={(event) => onEdit(row, column.index, event.target.value)}
                        aria-invalid={bad}
                        aria-describedby={bad ? messagesId : undefined}
                        spellCheck={false}
                        className="min-w-32"
                      />
                    </td>
                  );
                })}
                <td className="px-2 py-2 max-sm:block max-sm:p-0 sm:min-w-64">
                  <div className="flex items-start justify-between gap-2">
                    {own.length > 0 ? (
                      <ul id={messagesId} className="grid gap-1 text-destructive" aria-live="polite">
                        {own.map((problem) => (
                          // The message names its column; the input it is about is marked invalid.
                          <li key={`${problem.column ?? ''}-${problem.message}`}>{problem.message}</li>
                        ))}
                      </ul>
                    ) : (
                      <p
                        className="flex items-center gap-1 text-emerald-700 dark:text-emerald-400"
                        aria-live="polite"
                      >
                        <Check aria-hidden className="size-4" />
                        Fixed
                      </p>
                    )}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove row ${row}`}
                      onClick={() => onRemove(row)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
