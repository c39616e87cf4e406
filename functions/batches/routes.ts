import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as cancelBatch } from './cancel-batch';
import { handler as createBatch } from './create-batch';
import { handler as getBatch } from './get-batch';
import { handler as listBatches } from './list-batches';
import { handler as retryFailedBatch } from './retry-failed-batch';

/**
 * The Batches function: bulk generation (docs/decisions.md, "Usage, cost, budgets and bulk runs":
 * contract/routes.ts).
 */
export const handler = dispatchRoutes('Batches', {
  ListBatches: listBatches,
  CreateBatch: createBatch,
  GetBatch: getBatch,
  CancelBatch: cancelBatch,
  RetryFailedBatch: retryFailedBatch,
});
