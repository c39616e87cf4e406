import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { encodeTime } from 'ulid';
import { type Entities, entities } from '#functions/data/entities';
import { putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { partitionKey, sortKey } from '#functions/data/item-keys';
import { microToUsd } from '#shared/prices';
import type { UsageJob } from '#shared/usage';
import { dayOf, monthsBetween, periodBounds, type UsagePeriod } from '#shared/usage-dates';
import type { UsageRecord } from './usage-record';

/**
 * The usage items (one per finished job, functions/data/entities.ts `usage`): written once when a job is
 * settled (a second write is the same item), read by month, by client, by user, or dearest first.
 */

type UsageRow = FormattedItem<Entities['usage']>;

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

/** The usage item of a record: the ids it lacks are left out rather than stored as null. */
export function usageItemOf(record: UsageRecord) {
  return {
    ...record,
    clientId: orUndefined(record.clientId),
    clientName: orUndefined(record.clientName),
    apiKeyId: orUndefined(record.apiKeyId),
    batchId: orUndefined(record.batchId),
    parentJobId: orUndefined(record.parentJobId),
    imageDetail: orUndefined(record.imageDetail),
    priceAsOf: orUndefined(record.priceAsOf),
    contentId: orUndefined(record.contentId),
    title: orUndefined(record.title),
    ownKey: record.ownKey || undefined,
    estimated: record.estimated || undefined,
  };
}

/** Writes the job's usage item; settling again writes the same item again. */
export async function putUsage(record: UsageRecord): Promise<void> {
  await putItem(entities().usage, usageItemOf(record));
}

export function toUsageJob(row: UsageRow): UsageJob {
  return {
    jobId: row.jobId,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    tool: row.tool,
    modelId: row.modelId,
    provider: row.provider,
    status: row.status === 'succeeded' ? 'succeeded' : 'failed',
    clientId: row.clientId ?? null,
    clientName: row.clientName ?? null,
    userId: row.userId,
    userEmail: row.userEmail,
    apiKeyId: row.apiKeyId ?? null,
    batchId: row.batchId ?? null,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    reasoningTokens: row.reasoningTokens,
    images: row.images,
    imageDetail: row.imageDetail ?? null,
    speechCharacters: row.speechCharacters,
    speechSeconds: row.speechSeconds,
    durationMs: row.durationMs,
    costUsd: microToUsd(row.costMicroUsd),
    priceAsOf: row.priceAsOf ?? null,
    ownKey: row.ownKey ?? false,
    estimated: row.estimated ?? false,
    contentId: row.contentId ?? null,
    title: row.title ?? null,
  };
}

/** The first and last instant (inclusive, epoch ms) of a stretch of time. */
export interface Instants {
  readonly start: number;
  readonly end: number;
}

/** The sort keys of the jobs started from `start` to `end` (ms, both included). */
function jobIdsBetween(start: number, end: number): { between: [string, string] } {
  return jobIdRange({ start, end });
}

/** The sort keys of the jobs started within the instants: job ids are ULIDs of their start. */
function jobIdRange({ start, end }: Instants): { between: [string, string] } {
  return {
    between: [
      sortKey('usage', [['jobId', `${encodeTime(start, 10)}0000000000000000`]]),
      sortKey('usage', [['jobId', `${encodeTime(end, 10)}ZZZZZZZZZZZZZZZZ`]]),
    ],
  };
}

export type UsageScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'client'; readonly clientId: string }
  | { readonly kind: 'user'; readonly userId: string };

function scopeQuery(scope: UsageScope, partitionMonth: string) {
  switch (scope.kind) {
    case 'all':
      return { partition: partitionKey([['usageMonth', partitionMonth]]) };
    case 'client':
      return { index: 'gsi1' as const, partition: partitionKey([['usageClient', scope.clientId]]) };
    case 'user':
      return { index: 'gsi2' as const, partition: partitionKey([['usageUser', scope.userId]]) };
  }
}

/** Every usage item of the scope whose job started in the period (its zone's days), oldest first. */
export function usageRows(scope: UsageScope, period: UsagePeriod): Promise<UsageRow[]> {
  return usageRowsBetween(scope, periodBounds(period));
}

/** Every usage item of the scope whose job started within the instants, oldest first. */
export async function usageRowsBetween(scope: UsageScope, instants: Instants): Promise<UsageRow[]> {
  const { table, usage } = entities();
  const range = jobIdRange(instants);
  // The month partitions hold a UTC month each; the indexes hold every month of their client or user.
  const partitions =
    scope.kind === 'all'
      ? monthsBetween(dayOf(new Date(instants.start)), dayOf(new Date(instants.end)))
      : [''];
  const pages = await Promise.all(
    partitions.map((month) =>
      queryAll(
        usage,
        table
          .build(QueryCommand)
          .entities(usage)
          .query({ ...scopeQuery(scope, month), range })
          .params(),
      ),
    ),
  );
  return pages.flat();
}

/**
 * A month's dearest jobs first, among those that started in the period and pass `keep`, up to `count`:
 * read from the month's cost index a page at a time until enough are found.
 */
export async function dearestJobs(
  month: string,
  period: UsagePeriod,
  count: number,
  keep: (row: UsageRow) => boolean = () => true,
): Promise<UsageRow[]> {
  const { start, end } = periodBounds(period);
  const found: UsageRow[] = [];
  const pages = usagePages(
    { index: 'gsi3', partition: partitionKey([['usageCost', month]]) },
    { reverse: true, limit: Math.max(count * 2, 20) },
  );
  for await (const page of pages) {
    for (const row of page) {
      const time = Date.parse(row.startedAt);
      if (time >= start && time <= end && keep(row)) found.push(row);
      if (found.length === count) return found;
    }
  }
  return found;
}

export type { UsageRow };

/** The usage items of a query, a page at a time (DynamoDB's 1 MB pages, or `limit` items). */
async function* usagePages(
  query: { readonly index?: 'gsi3'; readonly partition: string },
  options: { readonly reverse?: boolean; readonly limit?: number } = {},
): AsyncGenerator<UsageRow[]> {
  const { table, usage } = entities();
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await readQueryPage(
      usage,
      table
        .build(QueryCommand)
        .entities(usage)
        .query(query)
        .options({ ...options, exclusiveStartKey })
        .params(),
    );
    yield page.Items;
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
}

/** Every usage item of a month, a page at a time, in job order. */
export function monthPages(month: string): AsyncGenerator<UsageRow[]> {
  return usagePages({ partition: partitionKey([['usageMonth', month]]) });
}

/**
 * One client's usage items of the jobs started in `[start, end)`
 * (docs/decisions.md, "The agency's time zone": a month of the agency's zone, which is no UTC month): one
 * Query of the client's index by job id, then the exact instants.
 */
export async function clientUsageBetween(clientId: string, start: Date, end: Date): Promise<UsageRow[]> {
  const { table, usage } = entities();
  const rows = await queryAll(
    usage,
    table
      .build(QueryCommand)
      .entities(usage)
      .query({
        ...scopeQuery({ kind: 'client', clientId }, ''),
        range: jobIdsBetween(start.getTime(), end.getTime()),
      })
      .params(),
  );
  return rows.filter((row) => {
    const time = Date.parse(row.startedAt);
    return time >= start.getTime() && time < end.getTime();
  });
}
