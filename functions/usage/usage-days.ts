import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '#contract/table-definition';
import { entities } from '#functions/data/entities';
import { isConditionFailure, partitionKey, sortKey } from '#functions/data/item-keys';
import type { UsageGroupBy } from '#shared/usage';
import type { UsageRecord } from './usage-record';

/**
 * A day's usage totals, kept as counters as each job is settled, so the usage page adds up a month from
 * a few dozen items instead of reading every job (10,000 jobs read one by one were far over the
 * page's goal of a p95 of 300 ms: docs/benchmarks.md, "usage-query").
 *
 * One item per day and shard. Its counters are top-level attributes named `<dimension>|<key>|<metric>`
 * (the dimensions the page groups by, and the day's total), so one UpdateItem ADDs a job to all of them:
 * ADD works only on top-level attributes, which is why this is not a dynamodb-toolbox entity (its schema
 * has no room for attribute names made of ids). `seen` holds the ids of the jobs counted, and the update
 * is conditioned on the job not being among them, so a job settled twice (a crash between its steps) is
 * counted once, without a transaction. Four shards keep that set far below the 400 KB item limit: about
 * 48,000 jobs a day.
 */

const SHARDS = 4;

/** The counters of one group: what GET /api/usage returns per row. */
export interface UsageTotals {
  jobs: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  images: number;
  speechSeconds: number;
  costMicroUsd: number;
  /** Jobs with an attempt cut off by a crash, whose usage is an estimate (usage-record.ts). */
  estimatedJobs: number;
}

const METRICS: Readonly<Record<keyof UsageTotals, string>> = {
  jobs: 'j',
  inputTokens: 'i',
  outputTokens: 'o',
  reasoningTokens: 'r',
  images: 'g',
  speechSeconds: 's',
  costMicroUsd: 'c',
  estimatedJobs: 'e',
};

const METRIC_OF_CODE = new Map(Object.entries(METRICS).map(([name, code]) => [code, name]));

/** Dimension codes in attribute names; `t` is the day's total. */
const DIMENSIONS: Readonly<Record<UsageGroupBy | 'total', string>> = {
  total: 't',
  client: 'c',
  user: 'u',
  tool: 'o',
  model: 'm',
  provider: 'p',
};

/** The key of the "no client" group. */
export const NO_CLIENT_KEY = '-';

export const emptyTotals = (): UsageTotals => ({
  jobs: 0,
  inputTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  images: 0,
  speechSeconds: 0,
  costMicroUsd: 0,
  estimatedJobs: 0,
});

function shardOf(jobId: string): number {
  let hash = 0;
  for (const char of jobId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash) % SHARDS;
}

/**
 * Which jobs a counter item adds up: every job (`null`), or only those one provider served. The
 * provider's items are items of their own, with their own `seen` set: a provider filter reads them
 * instead, and the report subtracts the offline composer's tokens from the billed ones by reading its
 * items (docs/decisions.md, "Usage: offline jobs apart"). A provider's days are in a partition of their
 * own, so the fill that writes them for earlier jobs (usage-backfill.ts) never touches the days'.
 */
export type CounterProvider = string | null;

function dayKey(day: string, shard: number, provider: CounterProvider = null) {
  if (provider === null) {
    return {
      [TABLE_KEYS.partitionKey]: partitionKey([['usageDay', day]]),
      [TABLE_KEYS.sortKey]: sortKey('usageDay', [['shard', String(shard)]]),
    };
  }
  return {
    [TABLE_KEYS.partitionKey]: partitionKey([['usageProviderDay', day]]),
    [TABLE_KEYS.sortKey]: sortKey('usageProviderDay', [
      ['provider', provider],
      ['shard', String(shard)],
    ]),
  };
}

/**
 * What the counters read of a settled job: its usage record when it is settled, or its stored usage
 * item when the counters are rebuilt (usage-backfill.ts), where the ids it lacks are absent, not null.
 */
export type CountedJob = Pick<
  UsageRecord,
  | 'day'
  | 'jobId'
  | 'userId'
  | 'userEmail'
  | 'tool'
  | 'modelId'
  | 'provider'
  | 'inputTokens'
  | 'outputTokens'
  | 'reasoningTokens'
  | 'images'
  | 'speechSeconds'
  | 'costMicroUsd'
> & {
  readonly clientId?: string | null | undefined;
  readonly clientName?: string | null | undefined;
  readonly estimated?: boolean | undefined;
};

export function totalsOf(record: CountedJob): UsageTotals {
  return {
    jobs: 1,
    inputTokens: record.inputTokens,
    outputTokens: record.outputTokens,
    reasoningTokens: record.reasoningTokens,
    images: record.images,
    speechSeconds: record.speechSeconds,
    costMicroUsd: record.costMicroUsd,
    estimatedJobs: record.estimated ? 1 : 0,
  };
}

type CounterGroups = readonly (readonly [dimension: string, key: string])[];

/**
 * ADDs a settled job to the counters of one item, with the labels of its ids; conditioned on the job
 * not being in the item's `seen` set, so a second call for the same job changes nothing.
 */
async function addToCounters(
  key: Record<string, string>,
  record: CountedJob,
  groups: CounterGroups,
): Promise<void> {
  const totals = totalsOf(record);
  const names: Record<string, string> = { '#seen': 'seen' };
  const values: Record<string, unknown> = { ':job': record.jobId, ':jobs': new Set([record.jobId]) };
  const adds = ['#seen :jobs'];
  let index = 0;
  for (const [dimension, groupKey] of groups) {
    for (const [metric, code] of Object.entries(METRICS) as [keyof UsageTotals, string][]) {
      const value = totals[metric];
      if (value === 0) continue;
      index += 1;
      names[`#a${index}`] = `${dimension}|${groupKey}|${code}`;
      values[`:a${index}`] = value;
      adds.push(`#a${index} :a${index}`);
    }
  }
  // The labels of ids, as they were when the job ran: the page shows them for deleted clients too.
  const sets: string[] = [];
  if (record.clientId && record.clientName) {
    names['#clientName'] = `n|c|${record.clientId}`;
    values[':clientName'] = record.clientName;
    sets.push('#clientName = :clientName');
  }
  names['#userEmail'] = `n|u|${record.userId}`;
  values[':userEmail'] = record.userEmail;
  sets.push('#userEmail = :userEmail');
  try {
    await entities()
      .table.getDocumentClient()
      .send(
        new UpdateCommand({
          TableName: entities().table.getName(),
          Key: key,
          UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}`,
          ConditionExpression: 'NOT contains(#seen, :job)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

function dayGroups(record: CountedJob): CounterGroups {
  return [
    [DIMENSIONS.total, ''],
    [DIMENSIONS.client, record.clientId ?? NO_CLIENT_KEY],
    [DIMENSIONS.user, record.userId],
    [DIMENSIONS.tool, record.tool],
    [DIMENSIONS.model, record.modelId],
    [DIMENSIONS.provider, record.provider],
  ];
}

/** Adds one settled job to its day; a second call for the same job changes nothing. */
export async function addToDay(record: CountedJob): Promise<void> {
  await addToCounters(dayKey(record.day, shardOf(record.jobId)), record, dayGroups(record));
}

/**
 * Whose counters a job adds to besides its day's: its client's, or, for a job without a client, its
 * user's "no client" counters (a member of staff sees their own jobs without a client, and reading
 * those from their usage items would read every job they ran).
 */
export type CounterOwner = { readonly clientId: string } | { readonly noClientOf: string };

/**
 * A provider's items sort apart from the owner's own (`#provider_…` after every `#day_…`), provider
 * first, so one Query over a range of days reads either kind alone.
 */
function ownerKey(owner: CounterOwner, day: string, shard: string, provider: CounterProvider = null) {
  const ownerPart: [string, string] =
    'clientId' in owner ? ['usageClientDay', owner.clientId] : ['usageNoClientDay', owner.noClientOf];
  const dayParts: [string, string][] = [
    ['day', day],
    ['shard', shard],
  ];
  return {
    [TABLE_KEYS.partitionKey]: partitionKey([ownerPart]),
    [TABLE_KEYS.sortKey]: sortKey(
      'usageOwnerDay',
      provider === null ? dayParts : [['provider', provider], ...dayParts],
    ),
  };
}

const ownerOf = (record: CountedJob): CounterOwner =>
  record.clientId ? { clientId: record.clientId } : { noClientOf: record.userId };

function ownerGroups(record: CountedJob): CounterGroups {
  return [
    [DIMENSIONS.total, ''],
    [DIMENSIONS.user, record.userId],
    [DIMENSIONS.tool, record.tool],
    [DIMENSIONS.model, record.modelId],
    [DIMENSIONS.provider, record.provider],
  ];
}

/**
 * Adds one settled job to its client's (or its user's no-client) counters of the day, sharded like the
 * days; a second call for the same job changes nothing. The client is the item's owner, so the client
 * dimension is not kept: the total is the client's row.
 */
export async function addToOwnerDay(record: CountedJob): Promise<void> {
  await addToCounters(
    ownerKey(ownerOf(record), record.day, String(shardOf(record.jobId))),
    record,
    ownerGroups(record),
  );
}

/**
 * Adds one settled job to its provider's day counters and its provider's owner-day counters; a second
 * call for the same job changes nothing. Run by the settle step, and once for the jobs settled before
 * (usage-backfill.ts).
 */
export async function addToProviderDays(record: CountedJob): Promise<void> {
  const shard = shardOf(record.jobId);
  await addToCounters(dayKey(record.day, shard, record.provider), record, dayGroups(record));
  await addToCounters(
    ownerKey(ownerOf(record), record.day, String(shard), record.provider),
    record,
    ownerGroups(record),
  );
}

/** One day's counters, grouped: `groups[dimension][key]`, plus the names of ids. */
export interface DayTotals {
  readonly day: string;
  readonly total: UsageTotals;
  readonly groups: Readonly<Record<UsageGroupBy, Map<string, UsageTotals>>>;
  readonly clientNames: Map<string, string>;
  readonly userEmails: Map<string, string>;
}

const DIMENSION_OF_CODE = new Map(Object.entries(DIMENSIONS).map(([name, code]) => [code, name]));

function emptyDay(day: string): DayTotals {
  return {
    day,
    total: emptyTotals(),
    groups: { client: new Map(), user: new Map(), tool: new Map(), model: new Map(), provider: new Map() },
    clientNames: new Map(),
    userEmails: new Map(),
  };
}

function addItem(into: DayTotals, item: Record<string, unknown>): void {
  for (const [attribute, value] of Object.entries(item)) {
    const [dimensionCode, key, code] = attribute.split('|');
    if (code === undefined || key === undefined) continue;
    if (dimensionCode === 'n') {
      if (key === 'c') into.clientNames.set(code, String(value));
      if (key === 'u') into.userEmails.set(code, String(value));
      continue;
    }
    const dimension = DIMENSION_OF_CODE.get(dimensionCode ?? '') as UsageGroupBy | 'total' | undefined;
    const metric = METRIC_OF_CODE.get(code) as keyof UsageTotals | undefined;
    if (!dimension || !metric || typeof value !== 'number') continue;
    if (dimension === 'total') {
      into.total[metric] += value;
      continue;
    }
    const group = into.groups[dimension];
    const totals = group.get(key) ?? emptyTotals();
    totals[metric] += value;
    group.set(key, totals);
  }
}

const GET_CHUNK = 100;
const ATTEMPTS = 5;

/**
 * The counters of these days (UTC `YYYY-MM-DD`), every shard summed, of every job or of one provider's;
 * days without jobs are empty.
 */
export async function readDays(
  days: readonly string[],
  provider: CounterProvider = null,
): Promise<DayTotals[]> {
  const byDay = new Map(days.map((day) => [day, emptyDay(day)]));
  const dayOfKey = new Map<string, string>();
  const keys = days.flatMap((day) =>
    Array.from({ length: SHARDS }, (_, shard) => {
      const key = dayKey(day, shard, provider);
      dayOfKey.set(String(key[TABLE_KEYS.partitionKey]), day);
      return key;
    }),
  );
  const table = entities().table.getName();
  const client = entities().table.getDocumentClient();
  for (let start = 0; start < keys.length; start += GET_CHUNK) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + GET_CHUNK);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt === ATTEMPTS) throw new Error('DynamoDB kept usage days unprocessed in BatchGetItem');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const { Responses, UnprocessedKeys } = await client.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }),
      );
      for (const item of Responses?.[table] ?? []) {
        const day = dayOfKey.get(String(item[TABLE_KEYS.partitionKey]));
        const into = day ? byDay.get(day) : undefined;
        if (into) addItem(into, item);
      }
      pending = (UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return days.map((day) => byDay.get(day) ?? emptyDay(day));
}

/**
 * The counters of one client (or one user's jobs without a client) over the days `from` to `to`
 * (inclusive, UTC `YYYY-MM-DD`), every shard summed: one Query over the owner's days. The client
 * dimension holds the owner alone (its key: the client id, or NO_CLIENT_KEY).
 */
export async function readOwnerDays(
  owner: CounterOwner,
  from: string,
  to: string,
  provider: CounterProvider = null,
): Promise<DayTotals[]> {
  const byDay = new Map<string, DayTotals>();
  const low = ownerKey(owner, from, '', provider);
  const high = ownerKey(owner, to, '~', provider);
  const client = entities().table.getDocumentClient();
  const groupKey = 'clientId' in owner ? owner.clientId : NO_CLIENT_KEY;
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: entities().table.getName(),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :low AND :high',
        ExpressionAttributeNames: { '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
        ExpressionAttributeValues: {
          ':pk': low[TABLE_KEYS.partitionKey],
          ':low': low[TABLE_KEYS.sortKey],
          ':high': high[TABLE_KEYS.sortKey],
        },
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const day = /#day_(\d{4}-\d{2}-\d{2})#/.exec(String(item[TABLE_KEYS.sortKey]))?.[1];
      if (!day) continue;
      const into = byDay.get(day) ?? emptyDay(day);
      addItem(into, item);
      byDay.set(day, into);
    }
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  for (const day of byDay.values()) day.groups.client.set(groupKey, { ...day.total });
  return [...byDay.values()];
}
