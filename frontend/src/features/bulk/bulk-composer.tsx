import { Download, Play, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { BATCH_MESSAGES, type BatchProblem, MAX_BATCH_ROWS } from '#shared/batch-columns';
import {
  batchTemplateCsv,
  type CheckedBatch,
  checkBatch,
  describeProblem,
  notUtf8Row,
  parseBatchCsv,
  withoutRows,
} from '#shared/batches';
import { formatUsd, microToUsd } from '#shared/prices';
import { downloadTextFile } from '@/components/tool/download';
import { useToolClients } from '@/components/tool/use-tool-clients';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface ComposedBatch {
  readonly csv: string;
  readonly saveToClient: boolean;
  readonly timeZone: string;
}

/**
 * Issue 34 item 5, before the run: the rows come from a file or are pasted, every row is checked with
 * the single tools' own schemas here (the server checks them again), each problem is listed with its
 * row, and nothing starts until there are none. The total estimated cost is shown before the run.
 */
export function BulkComposer({
  starting,
  onStart,
}: {
  starting: boolean;
  onStart: (batch: ComposedBatch) => void;
}) {
  const ids = useId();
  const { clients, loading, failed } = useToolClients(['website']);
  const [csv, setCsv] = useState('');
  const [saveToClient, setSaveToClient] = useState(true);
  const [checked, setChecked] = useState<CheckedBatch | null>(null);
  // A file that is not UTF-8 text (docs/decisions.md, "CSV uploads must be UTF-8"): its rows are not checked.
  const [unreadable, setUnreadable] = useState<string | null>(null);

  const check = (text = csv) => {
    const notUtf8 = notUtf8Row(text);
    setUnreadable(notUtf8 === null ? null : BATCH_MESSAGES.notUtf8(notUtf8));
    if (notUtf8 !== null) {
      setChecked(null);
      return;
    }
    const result = checkBatch(
      parseBatchCsv(text),
      clients.map((client) => ({ id: client.id, name: client.name, website: client.website ?? null })),
      { saveToClient, timeZone: timeZone() },
    );
    setChecked(result);
  };

  const edit = (text: string) => {
    setCsv(text);
    setChecked(null);
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

  const dropBadRows = () => {
    if (!checked) return;
    const bad = new Set(checked.problems.map((problem) => problem.row).filter((row) => row > 1));
    const text = withoutRows(csv, bad);
    setCsv(text);
    check(text);
  };

  const ready = checked !== null && checked.problems.length === 0 && checked.rows.length > 0;
  const badRows = checked ? new Set(checked.problems.map((problem: BatchProblem) => problem.row)).size : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rows</CardTitle>
        <CardDescription>
          One row per piece of content, at most {MAX_BATCH_ROWS}. Columns: tool, client (name or id), topic or
          url, model (optional) and the tool's options; the template has an example row per tool.
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
              setChecked(null);
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
            <AlertTitle>
              {badRows} {badRows === 1 ? 'row has a problem' : 'rows have problems'}: fix or remove{' '}
              {badRows === 1 ? 'it' : 'them'}; nothing was started.
            </AlertTitle>
            <AlertDescription>
              <ul className="mt-1 list-disc pl-5">
                {checked.problems.map((problem) => (
                  <li key={`${problem.row}-${problem.column ?? ''}-${problem.message}`}>
                    {describeProblem(problem)}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        {ready && (
          <p className="text-sm" data-testid="batch-estimate" role="status">
            {checked.rows.length} {checked.rows.length === 1 ? 'row' : 'rows'} ready. Estimated cost:{' '}
            <strong>{formatUsd(microToUsd(checked.estimateMicroUsd))}</strong> at list prices.
          </p>
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
            disabled={!ready}
            busy={starting}
            onClick={() => ready && onStart({ csv, saveToClient, timeZone: timeZone() })}
          >
            <Play aria-hidden />
            {ready ? `Start ${checked.rows.length} ${checked.rows.length === 1 ? 'row' : 'rows'}` : 'Start'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
