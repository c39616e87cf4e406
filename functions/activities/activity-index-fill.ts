import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_INDEXES, TABLE_KEYS } from '#contract/table-definition';
import { logger } from '#functions/commons/logger';
import {
  ACTIVITY_FEED_PARTITION,
  activityActionPartition,
  activitySortKey,
  entities,
} from '#functions/data/entities';
import { isConditionFailure, partitionKey, sortKey } from '#functions/data/item-keys';

/**
 * One-time fill of the byAction index keys (entities.ts, gsi1) on the activities recorded before the
 * index existed (docs/decisions.md, "The Activity Tracker reaches every activity"): without them the
 * tracker's filter by action would not find those. It walks the feed's one partition (a Query, never a Scan),
 * reading only the items without the keys, and sets each one's keys from its action and id, on the condition
 * that it still has none, so the activities recorded since (which the recorder indexes itself) are left alone
 * and any number of runs is safe.
 *
 * When a walk completes without a failure, a marker item says so and later runs return at once. It runs
 * on deploy (a CloudFormation trigger after every function that records activities is replaced,
 * infra/activity-index-fill.ts) and at a local start (local/deploy-steps.ts). This module, its trigger
 * and its marker may be removed once every deployed stage has run it to completion (its marker is in
 * the table): the read has no code for unindexed items.
 */

/** Activities indexed at once: one UpdateItem each. */
const CONCURRENCY = 16;

const [BY_ACTION] = TABLE_INDEXES;

export interface ActivityIndexFillCounts {
  /** Activities found without the index keys. */
  readonly read: number;
  /** Of those, the ones given their keys by this run. */
  readonly filled: number;
  /** Activities whose keys could not be written; the run throws after the others. */
  readonly failed: number;
  /** True when an earlier run had completed the walk, so nothing was read. */
  readonly alreadyDone: boolean;
}

/** The marker of a completed walk, in a partition of its own, which the function's role may write. */
export const ACTIVITY_INDEX_FILL_MARKER_KEY = {
  [TABLE_KEYS.partitionKey]: partitionKey([['activityIndexFill', 'byAction']]),
  [TABLE_KEYS.sortKey]: sortKey('activityIndexFill'),
};

const documentClient = () => entities().table.getDocumentClient();
const tableName = () => entities().table.getName();

async function isDone(): Promise<boolean> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: ACTIVITY_INDEX_FILL_MARKER_KEY, ConsistentRead: true }),
  );
  return Item !== undefined;
}

async function markDone(read: number, now: Date): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...ACTIVITY_INDEX_FILL_MARKER_KEY, completedAt: now.toISOString(), activitiesRead: read },
    }),
  );
}

/** A table made by this version holds no unindexed activity: its marker, written without a walk. */
export async function markActivityIndexFillNotNeeded(now = new Date()): Promise<void> {
  await markDone(0, now);
}

interface Unindexed {
  readonly pk: string;
  readonly sk: string;
  readonly activityId: string;
  readonly action: string;
}

function unindexedOf(item: Record<string, unknown>): Unindexed | null {
  const { pk, sk, activityId, action } = item;
  return typeof pk === 'string' &&
    typeof sk === 'string' &&
    typeof activityId === 'string' &&
    typeof action === 'string'
    ? { pk, sk, activityId, action }
    : null;
}

/** Pages of the feed's activities that have no byAction keys yet. */
async function* unindexedPages(): AsyncGenerator<Unindexed[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: 'attribute_not_exists(#gsiPk)',
        ProjectionExpression: '#pk, #sk, #id, #action',
        ExpressionAttributeNames: {
          '#pk': TABLE_KEYS.partitionKey,
          '#sk': TABLE_KEYS.sortKey,
          '#gsiPk': BY_ACTION.partitionKey,
          '#id': 'activityId',
          '#action': 'action',
        },
        ExpressionAttributeValues: { ':pk': ACTIVITY_FEED_PARTITION },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    yield Items.map(unindexedOf).filter((item) => item !== null);
    start = LastEvaluatedKey;
  } while (start !== undefined);
}

/** Gives one activity its keys; false when it had them already (recorded or filled meanwhile). */
async function index(activity: Unindexed): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { [TABLE_KEYS.partitionKey]: activity.pk, [TABLE_KEYS.sortKey]: activity.sk },
        UpdateExpression: 'SET #gsiPk = :gsiPk, #gsiSk = :gsiSk',
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#gsiPk)',
        ExpressionAttributeNames: {
          '#pk': TABLE_KEYS.partitionKey,
          '#gsiPk': BY_ACTION.partitionKey,
          '#gsiSk': BY_ACTION.sortKey,
        },
        ExpressionAttributeValues: {
          ':gsiPk': activityActionPartition(activity.action),
          ':gsiSk': activitySortKey(activity.activityId),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives every activity recorded before the index its keys, once; see above. */
export async function fillActivityIndex(now = new Date()): Promise<ActivityIndexFillCounts> {
  if (await isDone()) return { read: 0, filled: 0, failed: 0, alreadyDone: true };
  let read = 0;
  let filled = 0;
  let failed = 0;
  for await (const page of unindexedPages()) {
    read += page.length;
    for (let start = 0; start < page.length; start += CONCURRENCY) {
      await Promise.all(
        page.slice(start, start + CONCURRENCY).map(async (activity) => {
          try {
            if (await index(activity)) filled += 1;
          } catch (error) {
            failed += 1;
            logger.error('Could not index an earlier activity by its action', {
              activityId: activity.activityId,
              error,
            });
          }
        }),
      );
    }
  }
  if (failed === 0) await markDone(read, now);
  return { read, filled, failed, alreadyDone: false };
}

/** The trigger's handler: its result is the counts; an activity left unindexed fails the deploy. */
export const handler = async (): Promise<ActivityIndexFillCounts> => {
  const counts = await fillActivityIndex();
  (counts.read > 0 ? logger.info : logger.debug)('Indexed earlier activities by action', { ...counts });
  if (counts.failed > 0) {
    throw new Error(
      `${counts.failed} earlier activit(y/ies) could not be indexed by action (the others were); see the log above`,
    );
  }
  return counts;
};
