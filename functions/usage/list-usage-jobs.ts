import { BadRequestError } from '#functions/commons/errors';
import { HttpFileResult, httpHandler } from '#functions/commons/http-handler';
import {
  MAX_USAGE_EXPORT_ROWS,
  USAGE_MESSAGES,
  type UsageJob,
  usageCsvName,
  usageJobsQuerySchema,
} from '#shared/usage';
import { parseQuery } from './query-params';
import { periodOf, visibleItems } from './usage-report';
import { toUsageJob } from './usage-store';

/**
 * GET /api/usage/jobs?from=&to=&clientId=&provider=: the jobs behind the usage page, one row per job, newest
 * first; `Accept: text/csv` answers the whole period as a CSV file, otherwise JSON pages of `limit`.
 */

function wantsCsv(accept: string | undefined): boolean {
  return /\btext\/csv\b/i.test(accept ?? '');
}

/** The CSV library loads with the first export: the JSON pages never need it. */
async function csvOf(jobs: readonly UsageJob[]): Promise<string> {
  const { usageJobsCsv } = await import('#shared/usage-csv');
  return usageJobsCsv(jobs);
}

export const handler = httpHandler({
  handle: async ({ caller, query, event }) => {
    const parsed = parseQuery(usageJobsQuerySchema, query);
    const period = await periodOf(parsed);
    const items = await visibleItems(caller, period, {
      clientId: parsed.clientId,
      provider: parsed.provider,
    });
    const jobs = items.map(toUsageJob).sort((a, b) => (a.jobId < b.jobId ? 1 : a.jobId > b.jobId ? -1 : 0));
    if (wantsCsv(event.headers?.accept)) {
      if (jobs.length > MAX_USAGE_EXPORT_ROWS)
        throw new BadRequestError(USAGE_MESSAGES.tooManyRows, 'too_many_rows');
      return new HttpFileResult(
        await csvOf(jobs),
        'text/csv; charset=utf-8',
        usageCsvName(period, parsed.provider ? [parsed.provider] : []),
      );
    }
    const after = parsed.cursor;
    const start = after === undefined ? 0 : jobs.findIndex((job) => job.jobId < after);
    const page = start < 0 ? [] : jobs.slice(start, start + parsed.limit);
    const last = page.at(-1);
    const more = start >= 0 && start + parsed.limit < jobs.length;
    const cursor = more && last ? last.jobId : null;
    return { rows: page, next_cursor: cursor, nextCursor: cursor };
  },
});
