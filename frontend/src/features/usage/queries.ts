import { queryOptions } from '@tanstack/react-query';
import type { UsageGroupBy } from '#shared/usage';
import { fetchUsage, type UsageFilter, type UsageRange } from './usage-api';

/** The Usage page's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const usageKeys = {
  all: ['usage'] as const,
  report: (range: UsageRange | null, groupBy: UsageGroupBy, filter: UsageFilter) =>
    [...usageKeys.all, { range, groupBy, filter }] as const,
};

/** A period's figures: every job that finished since adds to them, so every showing reads them again. */
export const usageQuery = (range: UsageRange | null, groupBy: UsageGroupBy, filter: UsageFilter) =>
  queryOptions({
    queryKey: usageKeys.report(range, groupBy, filter),
    queryFn: ({ signal }) => fetchUsage(range, groupBy, filter, signal),
    refetchOnMount: 'always',
  });
