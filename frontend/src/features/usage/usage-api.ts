import type { UsageGroupBy, UsageJob, UsageProvider, UsageReply } from '#shared/usage';
import { USAGE_JOBS_PAGE_MAX } from '#shared/usage';
import { api } from '@/lib/api-client';

/** The usage page's calls (GET /api/usage and /api/usage/jobs; functions/usage). */

export interface UsageRange {
  readonly from: string;
  readonly to: string;
}

/** The page's filters: one client, one provider (`null`: all). */
export interface UsageFilter {
  readonly clientId: string | null;
  readonly provider: UsageProvider | null;
}

export const NO_FILTER: UsageFilter = { clientId: null, provider: null };

/** With no range, the server's default: this month so far in the agency's time zone. */
function queryOf(range: UsageRange | null, filter: UsageFilter): URLSearchParams {
  const query = new URLSearchParams(range ? { from: range.from, to: range.to } : {});
  if (filter.clientId) query.set('clientId', filter.clientId);
  if (filter.provider) query.set('provider', filter.provider);
  return query;
}

export function fetchUsage(
  range: UsageRange | null,
  groupBy: UsageGroupBy,
  filter: UsageFilter,
  signal?: AbortSignal,
): Promise<UsageReply> {
  const query = queryOf(range, filter);
  query.set('groupBy', groupBy);
  return api.get<UsageReply>(`/api/usage?${query}`, signal ? { signal } : {});
}

/** Every job of the period and filter, page after page: the rows behind the view, for the CSV export. */
export async function fetchAllUsageJobs(range: UsageRange, filter: UsageFilter): Promise<UsageJob[]> {
  const jobs: UsageJob[] = [];
  let cursor: string | null = null;
  do {
    const query = queryOf(range, filter);
    query.set('limit', String(USAGE_JOBS_PAGE_MAX));
    if (cursor) query.set('cursor', cursor);
    const page: { rows: UsageJob[]; next_cursor: string | null } = await api.get(`/api/usage/jobs?${query}`);
    jobs.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor);
  return jobs;
}
