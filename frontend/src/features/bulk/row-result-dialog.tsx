import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { BATCH_TOOL_LABELS, isBatchTool } from '#shared/batch-columns';
import type { BatchRowView } from '#shared/batch-schemas';
import { JOB_KEPT_DAYS } from '#shared/generation-jobs';
import { downloadTextFile, HTML_MIME, TEXT_MIME } from '@/components/tool/download';
import { HtmlFrame } from '@/components/tool/html-frame';
import type { ToolOutput } from '@/components/tool/tool-output';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { rowJobQuery } from './queries';
import { batchRowFileHtml, batchRowOutput } from './row-result';

export const toolLabel = (tool: string) => (isBatchTool(tool) ? BATCH_TOOL_LABELS[tool] : tool);

/** Why a row's result is only its job's, and for how long (docs/decisions.md, "Bulk results for every row"). */
export const KEPT_NOTE = `Rows without a client are not saved to a library: their results are kept for ${JOB_KEPT_DAYS} days after the run, to preview and download here.`;

type Loaded =
  | { readonly state: 'loading' }
  | { readonly state: 'expired' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly output: ToolOutput };

function useRowOutput(row: BatchRowView): Loaded {
  const {
    data: job,
    error,
    isPending,
  } = useQuery({
    ...rowJobQuery(row.jobId ?? ''),
    enabled: row.jobId !== null && row.jobId !== undefined,
  });
  if (!row.jobId) return { state: 'expired' };
  // A refused session stays on the skeleton: the guard is taking the user to sign in.
  if (isSessionEnded(error)) return { state: 'loading' };
  if (error) return { state: 'failed', message: errorMessage(error, 'The result could not be loaded.') };
  if (isPending) return { state: 'loading' };
  const output = job?.result ? batchRowOutput(row.tool, job.result) : null;
  return output ? { state: 'ready', output } : { state: 'expired' };
}

function RowResult({ row }: { row: BatchRowView }) {
  const loaded = useRowOutput(row);
  const name = `bulk-row-${row.row}`;
  if (loaded.state === 'loading') return <Skeleton className="h-64" />;
  if (loaded.state === 'failed') return <p className="text-destructive text-sm">{loaded.message}</p>;
  if (loaded.state === 'expired')
    return (
      <p className="text-sm" data-testid="row-result-expired">
        This result has expired: results of rows without a client are kept for {JOB_KEPT_DAYS} days.
      </p>
    );
  const { output } = loaded;
  return (
    <div className="grid gap-3">
      <HtmlFrame html={output.html} title={`Row ${row.row} result`} className="h-[50dvh] min-h-64" />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadTextFile(`${name}.html`, batchRowFileHtml(output), HTML_MIME)}
        >
          <Download aria-hidden />
          Download HTML
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadTextFile(`${name}.txt`, output.text, TEXT_MIME)}
        >
          <Download aria-hidden />
          Download text
        </Button>
      </div>
    </div>
  );
}

/** A finished row's result that no library holds: its job's, previewed in the tools' sandboxed frame. */
export function RowResultDialog({ row, onClose }: { row: BatchRowView | null; onClose: () => void }) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {row && (
          <>
            <DialogHeader>
              <DialogTitle>
                Row {row.row}: {row.title ?? toolLabel(row.tool)}
              </DialogTitle>
              <DialogDescription>
                {toolLabel(row.tool)}, not saved to a library.
                {row.resultExpiresAt ? ` Kept until ${new Date(row.resultExpiresAt).toLocaleString()}.` : ''}
              </DialogDescription>
            </DialogHeader>
            <RowResult row={row} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
