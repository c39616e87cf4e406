import { useQuery } from '@tanstack/react-query';
import { Download, Play, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { BATCH_MESSAGES, MAX_BATCH_ROWS } from '#shared/batch-columns';
import type { BatchEstimate } from '#shared/batch-schemas';
import {
  batchTemplateCsv,
  type CheckedBatch,
  checkBatch,
  csvCells,
  describeProblem,
  notUtf8Row,
  parseBatchCsv,
  withoutRows,
  withRowCells,
} from '#shared/batches';
import { formatUsd } from '#shared/prices';
import { downloadTextFile } from '@/components/tool/download';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { ProblemRows } from './problem-rows';
import { batchEstimateQuery } from './queries';
import { KEPT_NOTE } from './row-result-dialog';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** How long the page waits after the last edit before asking the server for the estimate. */
const ESTIMATE_DELAY_MS = 300;

export interface ComposedBatch {
  readonly csv: string;
  readonly saveToClient: boolean;
  readonly timeZone: string;
}

type Estimated = { readonly estimate: BatchEstimate } | { readonly error: string };

/**
 * The server's estimate of rows the page found runnable (POST /api/batches?dryRun=true): it alone knows
 * which providers have a key, so which rows run offline at no cost. Asked again after each edit, once
 * the typing pauses; an answer for an older text is not shown.
 */
function useServerEstimate(csv: string, saveToClient: boolean, ready: boolean): Estimated | null {
  const asked = {
    csv: useDebounced(csv, ESTIMATE_DELAY_MS),
    saveToClient: useDebounced(saveToClient, ESTIMATE_DELAY_MS),
    ready: useDebounced(ready, ESTIMATE_DELAY_MS),
  };
  const current = ready && asked.ready && asked.csv === csv && asked.saveToClient === saveToClient;
  const { data, error } = useQuery({
    ...batchEstimateQuery(csv, saveToClient, timeZone()),
    enabled: current,
  });
  // A refused session shows nothing: the guard is taking the user to sign in.
  if (!current || isSessionEnded(error)) return null;
  if (error) return { error: errorMessage(error, 'The cost could not be estimated.') };
  return data ? { estimate: data } : null;
}

/**
 * Before the run: the rows come from a file or are pasted, every row is checked with
 * the single tools' own schemas here (the server checks them again), and nothing starts until there are
 * no problems. The rows with problems are a table of their cells to fix in place, under the numbers of
 * the user's spreadsheet; the estimate, from the server, names the rows that run
 * offline at no cost.
 */
export function BulkComposer({
  starting,
  onStart,
}: {
  starting: boolean;
  onStart: (batch: ComposedBatch) => void;
}) {
  const ids = useId();
  const { clients, loading, failed } = useToolClients(['website'], { every: true });
  const [csv, setCsv] = useState('');
  const [saveToClient, setSaveToClient] = useState(true);
  const [checked, setChecked] = useState<CheckedBatch | null>(null);
  /** The rows the table shows: those with problems at the last check (they stay while being fixed). */
  const [fixing, setFixing] = useState<readonly number[]>([]);
  // A file that is not UTF-8 text (docs/decisions.md, "CSV uploads must be UTF-8"): its rows are not checked.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const cells = useMemo(() => csvCells(csv), [csv]);

  /** Checks the text; a fresh check (not an edit in the table) shows its problem rows in the table. */
  const check = (text = csv, fresh = true, save = saveToClient) => {
    const notUtf8 = notUtf8Row(text);
    setUnreadable(notUtf8 === null ? null : BATCH_MESSAGES.notUtf8(notUtf8));
    if (notUtf8 !== null) {
      setChecked(null);
      setFixing([]);
      return;
    }
    const parsed = parseBatchCsv(text);
    const result = checkBatch(
      parsed,
      clients.map((client) => ({ id: client.id, name: client.name, website: client.website ?? null })),
      { saveToClient: save, timeZone: timeZone() },
    );
    setChecked(result);
    if (fresh) {
      const rows = new Set(parsed.rows.map((row) => row.row));
      setFixing([...new Set(result.problems.map((problem) => problem.row))].filter((row) => rows.has(row)));
    }
  };

  const edit = (text: string) => {
    setCsv(text);
    setChecked(null);
    setFixing([]);
    setUnreadable(null);
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    check(text);
  };

  /** A cell fixed in the table: the row is written back into the text and every row checked again. */
  const editCell = (row: number, cell: number, value: string) => {
    const current = cells[row - 1] ?? [];
    const width = Math.max(cells[0]?.length ?? 0, current.length, cell + 1);
    const next = Array.from({ length: width }, (_, index) =>
      index === cell ? value : (current[index] ?? ''),
    );
    const text = withRowCells(csv, row, next);
    setCsv(text);
    check(text, false);
  };

  /** Rows removed become blank lines, so the others keep their spreadsheet numbers. */
  const removeRows = (rows: ReadonlySet<number>) => {
    const text = withoutRows(csv, rows);
    setCsv(text);
    setFixing((current) => current.filter((row) => !rows.has(row)));
    check(text, false);
  };

  const dropBadRows = () => {
    if (!checked) return;
    removeRows(new Set(checked.problems.map((problem) => problem.row).filter((row) => row > 1)));
  };

  const ready =
    checked !== null && unreadable === null && checked.problems.length === 0 && checked.rows.length > 0;
  const estimated = useServerEstimate(csv, saveToClient, ready);
  const estimate = estimated && 'estimate' in estimated ? estimated.estimate : null;
  const badRows = checked ? new Set(checked.problems.map((problem) => problem.row)).size : 0;
  // Problems of the file (its header, its reading) and of rows the table does not hold are listed.
  const listed = checked ? checked.problems.filter((problem) => !fixing.includes(problem.row)) : [];
  const unsaved = ready && (!saveToClient || checked.rows.some((row) => row.clientId === null));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rows</CardTitle>
        <CardDescription>
          One row per piece of content, at most {MAX_BATCH_ROWS}. Columns: tool, client (name or id), topic or
          url, model (optional) and the tool's options; the template has an example row per tool. Rows are
          numbered as in your spreadsheet: the header is row 1.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => downloadTextFile('bulk-template.csv', batchTemplateCsv(), 'text/csv')}
          >
            <Download aria-hidden />
            Download template
          </Button>
          <Button type="button" variant="outline" asChild>
            <label htmlFor={`${ids}-file`} className="cursor-pointer">
              <Upload aria-hidden />
              Upload CSV
            </label>
          </Button>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={(event) => void readFile(event)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-rows`}>CSV rows</Label>
          <Textarea
            id={`${ids}-rows`}
            value={csv}
            onChange={(event) => edit(event.target.value)}
            rows={10}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder={'tool,client,topic\nnewsletter,Peak Roofing,Spring roof maintenance checklist'}
            aria-invalid={unreadable !== null || (checked !== null && checked.problems.length > 0)}
          />
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={`${ids}-save`}
            checked={saveToClient}
            onCheckedChange={(value) => {
              setSaveToClient(value);
              if (checked) check(csv, false, value);
            }}
          />
          <Label htmlFor={`${ids}-save`}>Save each finished row to its client's library</Label>
        </div>
        {failed && (
          <p className="text-destructive text-sm">
            The client list could not be loaded: rows naming a client cannot be checked.
          </p>
        )}
        {unreadable && (
          <Alert variant="destructive" data-testid="batch-unreadable">
            <AlertTitle>{unreadable}</AlertTitle>
          </Alert>
        )}
        {checked && checked.problems.length > 0 && (
          <Alert variant="destructive" data-testid="batch-problems">
            {/* The whole sentence, on a phone too (a title is clamped to one line). */}
            <AlertTitle className="line-clamp-none">{BATCH_MESSAGES.rowsHaveProblems(badRows)}</AlertTitle>
            {listed.length > 0 && (
              <AlertDescription>
                <ul className="mt-1 list-disc pl-5">
                  {listed.map((problem) => (
                    <li key={`${problem.row}-${problem.column ?? ''}-${problem.message}`}>
                      {describeProblem(problem)}
                    </li>
                  ))}
                </ul>
              </AlertDescription>
            )}
          </Alert>
        )}
        {fixing.length > 0 && (
          <div className="grid gap-2">
            <p className="font-medium text-sm">Fix the rows here: each is checked again as you type.</p>
            <ProblemRows
              idPrefix={ids}
              header={cells[0] ?? []}
              rows={fixing}
              cellsOf={(row) => cells[row - 1] ?? []}
              problems={checked?.problems ?? []}
              onEdit={editCell}
              onRemove={(row) => removeRows(new Set([row]))}
            />
          </div>
        )}
        {ready && (
          <div className="grid gap-1 text-sm" data-testid="batch-estimate" role="status">
            <p>
              {checked.rows.length} {checked.rows.length === 1 ? 'row' : 'rows'} ready.{' '}
              {estimate ? (
                <>
                  Estimated cost: <strong>{formatUsd(estimate.expectedCostUsd)}</strong> at list prices.
                </>
              ) : estimated && 'error' in estimated ? (
                <span className="text-destructive">{estimated.error}</span>
              ) : (
                'Estimating the cost…'
              )}
            </p>
            {estimate && estimate.offlineRows.length > 0 && (
              <p data-testid="batch-offline-rows">
                {BATCH_MESSAGES.offlineRows(estimate.offlineRows, estimate.rows)}
              </p>
            )}
            {unsaved && <p className="text-muted-foreground">{KEPT_NOTE}</p>}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={csv.trim() === '' || loading}
            onClick={() => check()}
          >
            Check rows
          </Button>
          {checked?.problems.some((problem) => problem.row > 1) && (
            <Button type="button" variant="outline" onClick={dropBadRows}>
              <Trash2 aria-hidden />
              Remove rows with problems
            </Button>
          )}
          <Button
            type="button"
            disabled={!ready || estimate === null}
            busy={starting}
            onClick={() => ready && estimate && onStart({ csv, saveToClient, timeZone: timeZone() })}
          >
            <Play aria-hidden />
            {ready ? `Start ${checked.rows.length} ${checked.rows.length === 1 ? 'row' : 'rows'}` : 'Start'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
