import { httpHandler } from '#functions/commons/http-handler';
import { usageQuerySchema } from '#shared/usage';
import { parseQuery } from './query-params';
import { usageReport } from './usage-report';

/** GET /api/usage?from=&to=&groupBy=&clientId=&provider=: the period's totals by group, per day, and its dearest jobs. */
export const handler = httpHandler({
  handle: ({ caller, query }) => usageReport(caller, parseQuery(usageQuerySchema, query)),
});
