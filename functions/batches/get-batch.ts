import { httpHandler } from '#functions/commons/http-handler';
import { repairBatch } from './batch-feeder';
import { requireBatch } from './batch-store';
import { batchView, inspectBatch } from './batch-view';

/**
 * GET /api/batches/{batchId}: the batch with every row. A batch left stalled by a crash (rows waiting
 * and none under way, or a queued row without its job) is repaired first, so reading it is enough to
 * get it going again.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => requireBatch(caller, params.batchId ?? ''),
  handle: async ({ access: batch }) => {
    const { view, stalled } = await inspectBatch(batch);
    if (!stalled) return view;
    await repairBatch(batch.batchId);
    return batchView(batch);
  },
});
