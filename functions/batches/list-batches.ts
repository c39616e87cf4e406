import { httpHandler, validate } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor } from '#functions/commons/paging';
import { listBatchesQuerySchema } from '#shared/batch-schemas';
import { batchesOf } from './batch-store';
import { batchSummary } from './batch-view';

/**
 * GET /api/batches?limit&cursor: the caller's batches, newest first (a closed tab finds its run again),
 * a page at a time with the API's one cursor convention: `next_cursor`, null on the last page.
 */
export const handler = httpHandler({
  handle: async ({ caller, query }) => {
    const { limit, cursor } = validate(listBatchesQuerySchema, {
      limit: query.limit || undefined,
      cursor: query.cursor || undefined,
    });
    const before = cursor === undefined ? undefined : decodeCursor(cursor);
    const batches = await batchesOf(caller.userId, limit + 1, before);
    const page = batches.slice(0, limit);
    const last = page.at(-1);
    return {
      batches: await Promise.all(page.map(batchSummary)),
      next_cursor: batches.length > limit && last ? encodeCursor(last.batchId) : null,
    };
  },
});
