import { httpHandler } from '#functions/commons/http-handler';
import { batchesOf } from './batch-store';
import { batchSummary } from './batch-view';

/** How many recent batches the list shows. */
const RECENT_BATCHES = 10;

/** GET /api/batches: the caller's recent batches, newest first (a closed tab finds its run again). */
export const handler = httpHandler({
  handle: async ({ caller }) => {
    const batches = await batchesOf(caller.userId, RECENT_BATCHES);
    return { batches: await Promise.all(batches.map(batchSummary)) };
  },
});
