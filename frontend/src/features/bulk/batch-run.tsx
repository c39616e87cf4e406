import { Ban, Download, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { batchRowResultPath } from '#shared/batch-columns';
import type { BatchRowStatus, BatchRowView, BatchView } from '#shared/batch-schemas';
import { batchResultsCsv } from '#shared/batches';
import { formatUsd } from '#shared/prices';
import { ScrollRegion } from '@/components/scroll-region';
import { downloadTextFile } from '@/components/tool/download';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { KEPT_NOTE, RowResultDialog, toolLabel } from './row-result-dialog';

const STATUS_LABELS: Readonly<Record<BatchRowStatus, string>> = {
  waiting: 'Waiting',
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const STATUS_VARIANTS: Readonly<Record<BatchRowStatus, 'default' | 'secondary' | 'destructive' | 'outline'>> =
  {
    waiting: 'outline',
    queued: 'outline',
    running: 'secondary',
    succeeded: 'default',
    failed: 'destructive',
    cancelled: 'outline',
  };

/** A finished row's result: its library item, or the preview of its job's result, until that expires. */
function RowResultLink({ batchId, row }: { batchId: string; row: BatchRowView }) {
  const path = batchRowResultPath(batchId, row);
  if (path === null) return <>{row.title ?? ''}</>;
  if (row.contentId) {
    return (
      <Link to={path} className="text-primary hover:underline">
        {row.title ?? 'Open in the library'}
      </Link>
    );
  }
  return (
    <>
      <Link to={path} className="text-primary hover:underline">
        {row.title ?? 'Preview the result'}
      </Link>
      <span className="block text-muted-foreground text-xs">
        Preview and download
        {row.resultExpiresAt ? ` until ${new Date(row.resultExpiresAt).toLocaleDateString()}` : ''}
      </span>
    </>
  );
}

/**
 * A batch's progress, per row and in total, with cancel, retry of the failed rows and the results CSV;
 * `previewRow` (the page's `row` parameter) opens that row's result when no library holds it.
 */
export function BatchRun({
  batch,
  busy,
  previewRow,
  onCancel,
  onRetry,
  onClosePreview,
}: {
  batch: BatchView;
  busy: boolean;
  previewRow: number | null;
  onCancel: () => void;
  onRetry: () => void;
  onClosePreview: () => void;
}) {
  const { counts } = batch;
  const finished = counts.succeeded + counts.failed + counts.cancelled;
  const percent = counts.total === 0 ? 100 : Math.round((100 * finished) / counts.total);
  const statusLine =
    batch.status === 'running'
      ? `${finished} of ${counts.total} rows finished (${counts.running + counts.queued} running, ${counts.waiting} waiting)`
      : batch.status === 'cancelled'
        ? `Cancelled: ${counts.succeeded} done, ${counts.failed} failed, ${counts.cancelled} not started`
        : `Finished: ${counts.succeeded} done, ${counts.failed} failed`;
  const unsaved = batch.rows.some((row) => !row.clientId) || !batch.saveToClient;
  const previewed =
    batch.rows.find(
      (row) => row.row === previewRow && row.status === 'succeeded' && !row.contentId && row.jobId !== null,
    ) ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch of {counts.total} rows</CardTitle>
        <CardDescription>
          Started {new Date(batch.createdAt).toLocaleString()} · estimated {formatUsd(batch.estimatedCostUsd)}{' '}
          · cost so far {formatUsd(batch.costUsd)}
        </CardDescription>
        {unsaved && <CardDescription data-testid="batch-kept-note">{KEPT_NOTE}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <p className="text-sm" role="status" data-testid="batch-status">
            {statusLine}
          </p>
          <Progress value={percent} aria-label="Rows finished" />
        </div>
        <div className="flex flex-wrap gap-2">
          {batch.status === 'running' && (
            <Button type="button" variant="outline" busy={busy} onClick={onCancel}>
              <Ban aria-hidden />
              Cancel waiting rows
            </Button>
          )}
          {counts.failed > 0 && batch.status !== 'cancelled' && (
            <Button type="button" variant="outline" busy={busy} onClick={onRetry}>
              <RotateCcw aria-hidden />
              Retry {counts.failed} failed {counts.failed === 1 ? 'row' : 'rows'}
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              downloadTextFile(
                `batch-${batch.batchId}.csv`,
                batchResultsCsv(batch, window.location.origin),
                'text/csv',
              )
            }
          >
            <Download aria-hidden />
            Download results
          </Button>
        </div>
        <ScrollRegion label="Rows of the batch">
          {/* On a phone the tool and client go under the result, so the rows fit without sideways scroll. */}
          <table className="w-full text-sm sm:min-w-[40rem]">
            <caption className="sr-only">Rows of the batch</caption>
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
                  Row
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Tool
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Client
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Result
                </th>
                <th scope="col" className="whitespace-nowrap py-2 text-right font-medium">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {batch.rows.map((row) => (
                <tr key={row.row} className="border-b align-top last:border-0" data-testid="batch-row">
                  <td className="py-2 pr-3 tabular-nums">{row.row}</td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{toolLabel(row.tool)}</td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{row.clientName ?? '—'}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={STATUS_VARIANTS[row.status]}>
                      {STATUS_LABELS[row.status]}
                      {row.status === 'running' && row.progress > 0 ? ` ${row.progress}%` : ''}
                    </Badge>
                  </td>
                  <td className="max-w-80 py-2 pr-3 [overflow-wrap:anywhere]">
                    <span className="block text-muted-foreground text-xs sm:hidden">
                      {toolLabel(row.tool)}
                      {row.clientName ? ` · ${row.clientName}` : ''}
                    </span>
                    {row.error ? (
                      <span className="text-destructive">{row.error}</span>
                    ) : (
                      <RowResultLink batchId={batch.batchId} row={row} />
                    )}
                  </td>
                  <td className="whitespace-nowrap py-2 text-right tabular-nums">
                    {row.costUsd === undefined ? '' : formatUsd(row.costUsd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </CardContent>
      <RowResultDialog row={previewed} onClose={onClosePreview} />
    </Card>
  );
}
