import { httpHandler } from '#functions/commons/http-handler';
import { feedBatch } from './batch-feeder';
import { batchRows, getBatch, markRowRetried, requireBatch, restartFeed } from './batch-store';
import { batchView } from './batch-view';

/**
 * POST /api/batches/{batchId}/retry-failed: every failed row waits again, with a new try (so a new job
 * of its own), and the batch is fed from the first of them. Cancelled rows stay cancelled.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => requireBatch(caller, params.batchId ?? ''),
  handle: async ({ access: batch }) => {
    const retried: number[] = [];
    for (const row of await batchRows(batch.batchId)) {
      if (row.status === 'failed' && (await markRowRetried(batch.batchId, row.row, row.tries ?? 0))) {
        retried.push(row.row);
      }
    }
    const first = retried[0];
    if (first !== undefined) {
      await restartFeed(batch.batchId, first);
      await feedBatch(batch.batchId);
    }
    return batchView((await getBatch(batch.batchId)) ?? batch);
  },
});
