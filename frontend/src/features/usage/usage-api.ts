import type { UsageGroupBy, UsageJob, UsageReply } from '#shared/usage';
import { USAGE_JOBS_PAGE_MAX } from '#shared/usage';
import { api } from '@/lib/api-client';

/** The usage page's calls (GET /api/usage and /api/usage/jobs; functions/usage). */

export interface UsageRange {
  readonly from: string;
  readonly to: string;
}

export function fetchUsage(
  range: UsageRange,
  groupBy: UsageGroupBy,
  signal?: AbortSignal,
): Promise<UsageReply> {
  const query = new URLSearchParams({ from: range.from, to: range.to, groupBy });
  return api.get<UsageReply>(`/api/usage?${query}`, signal ? { signal } : {});
}

/** Every job of the period, page after page: the rows behind the view, for the CSV export. */
export async function fetchAllUsageJobs(range: UsageRange): Promise<UsageJob[]> {
  const jobs: UsageJob[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ from: range.from, to: range.to, limit: String(USAGE_JOBS_PAGE_MAX) });
    if (cursor) query.set('cursor', cursor);
    const page: { rows: UsageJob[]; nextCursor: string | null } = await api.get(`/api/usage/jobs?${query}`);
    jobs.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return jobs;
}
