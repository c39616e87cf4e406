import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BatchView } from '#shared/batch-schemas';
import { formatUsd } from '#shared/prices';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { BatchRun } from './batch-run';
import { cancelBatch, createBatchFromCsv, retryFailedRows } from './bulk-api';
import { BulkComposer, type ComposedBatch } from './bulk-composer';
import { batchesQuery, batchKeys, batchQuery } from './queries';

function fail(error: unknown, fallback: string) {
  if (isSessionEnded(error)) return;
  void toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

/** A batch, read again while it runs; it lives on the server, so a closed tab comes back to it. */
function useBatch(batchId: string) {
  const { data, error, refetch } = useQuery(batchQuery(batchId));
  // A refused session shows the skeleton, not a failure: the guard is taking the user to sign in.
  const failed =
    error && !isSessionEnded(error) ? errorMessage(error, 'The batch could not be loaded.') : null;
  return { batch: data ?? null, failed, reload: () => void refetch() };
}

function BatchScreen({
  batchId,
  previewRow,
  onClosePreview,
}: {
  batchId: string;
  previewRow: number | null;
  onClosePreview: () => void;
}) {
  const queryClient = useQueryClient();
  const { batch, failed, reload } = useBatch(batchId);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<BatchView>, fallback: string) => {
    setBusy(true);
    try {
      // The answer is the batch as changed; reading it again starts the polling of rows that move
      // again (a retry), and the recent batches' counts change with it.
      queryClient.setQueryData(batchQuery(batchId).queryKey, await action());
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
    } catch (error) {
      fail(error, fallback);
    } finally {
      setBusy(false);
    }
  };
  if (failed) return <LoadFailed message={failed} onRetry={reload} />;
  if (!batch) return <Skeleton className="h-64" />;
  return (
    <BatchRun
      batch={batch}
      busy={busy}
      previewRow={previewRow}
      onClosePreview={onClosePreview}
      onCancel={() => void act(() => cancelBatch(batchId), 'The batch could not be cancelled.')}
      onRetry={() => void act(() => retryFailedRows(batchId), 'The failed rows could not be retried.')}
    />
  );
}

function RecentBatches() {
  // A list that failed to load is left out, as before the data layer.
  const batches = useQuery(batchesQuery()).data;
  if (!batches || batches.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your recent batches</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {batches.slice(0, 10).map((batch) => (
            <li
              key={batch.batchId}
              className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-2 last:border-0"
            >
              <Link
                to={`/bulk?batch=${encodeURIComponent(batch.batchId)}`}
                className="text-primary hover:underline"
              >
                {new Date(batch.createdAt).toLocaleString()} · {batch.counts.total} rows
              </Link>
              <span className="text-muted-foreground">
                {batch.status === 'running' ? 'running' : batch.status} · {batch.counts.succeeded} done,{' '}
                {batch.counts.failed} failed · {formatUsd(batch.costUsd)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Bulk generation from a spreadsheet, one batch of jobs the server feeds to the queue. */
export function BulkPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const row = Number(params.get('row'));
  const previewRow = Number.isInteger(row) && row > 0 ? row : null;
  const [starting, setStarting] = useState(false);
  const queryClient = useQueryClient();

  const start = async (composed: ComposedBatch) => {
    setStarting(true);
    try {
      const created = await createBatchFromCsv(composed.csv, composed.saveToClient, composed.timeZone);
      void queryClient.invalidateQueries({ queryKey: batchKeys.list() });
      setParams({ batch: created.batchId });
    } catch (error) {
      fail(error, 'The batch could not be started.');
    } finally {
      setStarting(false);
    }
  };

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title="Bulk Generation"
        description="Many pieces at once from a spreadsheet: a month of topics for a client, or one topic for many clients."
        actions={
          batchId && (
            <Button variant="outline" onClick={() => setParams({})}>
              New batch
            </Button>
          )
        }
      />
      {batchId ? (
        <BatchScreen
          key={batchId}
          batchId={batchId}
          previewRow={previewRow}
          onClosePreview={() => setParams({ batch: batchId })}
        />
      ) : (
        <>
          <BulkComposer starting={starting} onStart={(composed) => void start(composed)} />
          <RecentBatches />
        </>
      )}
    </PageContainer>
  );
}
