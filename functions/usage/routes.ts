import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as getUsage } from './get-usage';
import { handler as listUsageJobs } from './list-usage-jobs';

/**
 * The Usage function: what the agency's AI work cost
 * (docs/decisions.md, "Usage, cost, budgets and bulk runs": contract/routes.ts).
 */
export const handler = dispatchRoutes('Usage', {
  GetUsage: getUsage,
  ListUsageJobs: listUsageJobs,
});
