import { httpHandler } from '#functions/commons/http-handler';
import { announceIfFinished } from './batch-finished';
import { batchRows, markBatchCancelled, markRowCancelled, requireBatch } from './batch-store';
import { batchView, inspectBatch } from './batch-view';

/**
 * POST /api/batches/{batchId}/cancel: rows under way finish (and are counted); waiting rows never start.
 * The batch is marked first, so the feeder stops; each waiting row then moves to cancelled, conditioned
 * on still waiting, so a row the feeder took meanwhile runs and one it did not never does. A batch that
 * has finished (or was cancelled) has nothing to cancel: it answers as it is, unchanged.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => requireBatch(caller, params.batchId ?? ''),
  handle: async ({ access: batch }) => {
    const { view } = await inspectBatch(batch);
    if (view.status !== 'running') return view;
    await markBatchCancelled(batch.batchId);
    for (const row of await batchRows(batch.batchId)) {
      if (row.status === 'waiting') await markRowCancelled(batch.batchId, row.row);
    }
    // With no row under way the batch ends here; otherwise its last row's settle says so.
    await announceIfFinished(batch.batchId);
    return batchView({ ...batch, cancelledAt: new Date().toISOString() });
  },
});
