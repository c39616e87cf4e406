import { randomUUID } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { putItem, queryAll } from '#functions/data/item-commands';
import {
  entityVersion,
  isConditionFailure,
  partitionKey,
  type SingleTable,
  singleTable,
  sortKey,
  sortKeyPrefix,
} from '#functions/data/item-keys';

/**
 * The bulk runs whose feed stopped because the user's job slots were full, or because running jobs'
 * estimates held a row's client budget (functions/batches/batch-feeder.ts): one item each, in one
 * partition, so the scheduled feeder (scheduled-feed.ts) finds them with a Query instead of a Scan. A
 * row's settle feeds its own batch, but slots freed (or estimates settled) by other jobs (a tool's,
 * another batch's, another user's) feed nobody: without these the batch waited until someone read it.
 *
 * In their own module, like the API key entities, so that only the functions that feed batches bundle it.
 */

/** The one partition of the waiting batches. */
const WAITING = 'waiting';

const batchWaitSchema = () =>
  item({
    batchId: string().key(),
    /** When the feed stopped. */
    since: string(),
    /** New at each stop: a feeder that emptied the batch removes the item only if it is still this one. */
    mark: string(),
    edbVersion: entityVersion(),
  });

function buildBatchWait(table: SingleTable) {
  return new Entity({
    table,
    timestamps: false,
    name: 'batchWait',
    schema: batchWaitSchema(),
    computeKey: ({ batchId }: { batchId: string }) => ({
      pk: partitionKey([['batchWaits', WAITING]]),
      sk: sortKey('batchWait', [['batchId', batchId]]),
    }),
  });
}

let cached:
  | {
      table: string;
      client: ReturnType<typeof dynamoDocumentClient>;
      entity: ReturnType<typeof buildBatchWait>;
    }
  | undefined;

function batchWait() {
  const table = requireEnv('tableName');
  const client = dynamoDocumentClient();
  if (cached?.table !== table || cached.client !== client) {
    cached = { table, client, entity: buildBatchWait(singleTable(table, client)) };
  }
  return cached.entity;
}

export interface BatchWait {
  readonly batchId: string;
  readonly since: string;
  readonly mark: string;
}

/** The batch waits for job slots (again): its item, with a new mark. */
export async function markBatchWaiting(batchId: string, now = new Date()): Promise<void> {
  await putItem(batchWait(), { batchId, since: now.toISOString(), mark: randomUUID() });
}

/** Every batch that waits for job slots, oldest batch id first. */
export async function waitingBatches(): Promise<BatchWait[]> {
  const entity = batchWait();
  const items = await queryAll(
    entity,
    entity.table
      .build(QueryCommand)
      .entities(entity)
      .query({
        partition: partitionKey([['batchWaits', WAITING]]),
        range: { beginsWith: sortKeyPrefix('batchWait', 'batchId') },
      })
      .params(),
  );
  return items.map(({ batchId, since, mark }) => ({ batchId, since, mark }));
}

/**
 * The batch no longer waits: its item goes, unless a feed stopped again meanwhile (a new mark), which
 * keeps it waiting.
 */
export async function clearBatchWait(wait: BatchWait): Promise<void> {
  try {
    await batchWait()
      .build(DeleteItemCommand)
      .key({ batchId: wait.batchId })
      .options({ condition: { attr: 'mark', eq: wait.mark } })
      .send();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
