import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { UpdateItemCommand, type UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { batchRowSortKey, type Entities, entities } from '#functions/data/entities';
import { findItem, putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import { derivedUlid } from '#functions/generation/derived-id';
import type { CheckedBatchRow } from '#shared/batch-columns';

/**
 * Bulk runs (docs/decisions.md, "Usage, cost, budgets and bulk runs": entities.ts `batch`, `batchRow`): a
 * batch item, and one item per row under it, in row order. A row moves waiting → queued (its job created and
 * sent) → succeeded | failed, or waiting → cancelled; every move is a conditional update on the state it
 * leaves, so two feeders, or a feeder and a cancel, never both move the same row.
 */

export type BatchRecord = FormattedItem<Entities['batch']>;
export type BatchRowRecord = FormattedItem<Entities['batchRow']>;

export const BATCH_NOT_FOUND = 'Batch not found';

/** A row's job id: derived from the batch, the row and its try, so feeding it twice creates one job. */
export function rowJobId(batchId: string, row: number, tries: number): string {
  return derivedUlid(batchId, `row:${row}:${tries}`);
}

export async function createBatch(
  caller: Caller,
  batchId: string,
  rows: readonly CheckedBatchRow[],
  options: { readonly saveToClient: boolean; readonly userAgent: string | null },
): Promise<BatchRecord> {
  const now = new Date().toISOString();
  const { batch, batchRow } = entities();
  // Rows first: a batch item is only ever seen with every row under it.
  for (const row of rows) {
    await putItem(batchRow, {
      batchId,
      row: row.row,
      status: 'waiting',
      tool: row.job,
      rowTool: row.tool,
      request: row.request,
      clientId: row.clientId ?? undefined,
      clientName: row.clientName ?? undefined,
      modelId: row.modelId,
      estimateMicroUsd: row.estimateMicroUsd,
      tries: 0,
      updatedAt: now,
    });
  }
  return putItem(batch, {
    batchId,
    userId: caller.userId,
    userEmail: caller.email,
    isAdmin: caller.isAdmin,
    apiKeyId: caller.apiKeyId,
    userAgent: options.userAgent ?? undefined,
    rowCount: rows.length,
    saveToClient: options.saveToClient,
    estimateMicroUsd: rows.reduce((sum, row) => sum + row.estimateMicroUsd, 0),
    feedCursor: 0,
    feedEpoch: 0,
    createdAt: now,
    updatedAt: now,
  });
}

export function getBatch(batchId: string): Promise<BatchRecord | null> {
  return findItem(entities().batch, { batchId }, { consistent: true });
}

/** The batch, if the caller may see it (its creator, or an admin); NotFoundError otherwise. */
export async function requireBatch(caller: Caller, batchId: string): Promise<BatchRecord> {
  const batch = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(batchId) ? await getBatch(batchId) : null;
  if (!batch || (batch.userId !== caller.userId && !caller.isAdmin)) throw new NotFoundError(BATCH_NOT_FOUND);
  return batch;
}

const rowsQuery = (batchId: string, fromRow: number | null) => {
  const { table, batchRow } = entities();
  const partition = partitionKey([['batchId', batchId]]);
  const range =
    fromRow === null
      ? { beginsWith: sortKeyPrefix('batchRow', 'row') }
      : { between: [batchRowSortKey(fromRow), `${sortKey('batchRow')}#row_9999`] as [string, string] };
  return table.build(QueryCommand).entities(batchRow).query({ partition, range });
};

/** Every row, in order. */
export async function batchRows(batchId: string): Promise<BatchRowRecord[]> {
  const { batchRow } = entities();
  return queryAll(batchRow, rowsQuery(batchId, null).options({ consistent: true }).params());
}

/** Up to `limit` rows from row number `fromRow` on, in order. */
export async function batchRowsFrom(
  batchId: string,
  fromRow: number,
  limit: number,
): Promise<BatchRowRecord[]> {
  const { batchRow } = entities();
  const page = await readQueryPage(
    batchRow,
    rowsQuery(batchId, fromRow).options({ consistent: true, limit }).params(),
  );
  return page.Items;
}

async function updateRow(
  batchId: string,
  row: number,
  update: Omit<UpdateItemInput<Entities['batchRow']>, 'batchId' | 'row' | 'updatedAt'>,
  condition: Condition<Entities['batchRow']>,
): Promise<boolean> {
  try {
    await entities()
      .batchRow.build(UpdateItemCommand)
      .item({ ...update, batchId, row, updatedAt: new Date().toISOString() })
      .options({ condition })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** waiting → queued with its job; false when another feeder or a cancel moved it first. */
export function markRowQueued(batchId: string, row: number, tries: number, jobId: string): Promise<boolean> {
  return updateRow(
    batchId,
    row,
    { status: 'queued', jobId },
    {
      and: [
        { attr: 'status', eq: 'waiting' },
        { attr: 'tries', eq: tries },
      ],
    },
  );
}

/** waiting → failed before it ran (its client's budget refused it). */
export function markRowRefused(batchId: string, row: number, tries: number, error: string): Promise<boolean> {
  return updateRow(
    batchId,
    row,
    { status: 'failed', error, jobId: rowJobId(batchId, row, tries) },
    {
      and: [
        { attr: 'status', eq: 'waiting' },
        { attr: 'tries', eq: tries },
      ],
    },
  );
}

/** queued → succeeded | failed, from its finished job; only the row's current job may finish it. */
export function markRowFinished(
  batchId: string,
  row: number,
  jobId: string,
  outcome: {
    readonly status: 'succeeded' | 'failed';
    readonly contentId: string | null;
    readonly title: string | null;
    readonly error: string | null;
    readonly costMicroUsd: number;
  },
): Promise<boolean> {
  return updateRow(
    batchId,
    row,
    {
      status: outcome.status,
      costMicroUsd: outcome.costMicroUsd,
      ...(outcome.contentId ? { contentId: outcome.contentId } : {}),
      ...(outcome.title ? { title: outcome.title } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    },
    { attr: 'jobId', eq: jobId },
  );
}

/** waiting → cancelled. */
export function markRowCancelled(batchId: string, row: number): Promise<boolean> {
  return updateRow(batchId, row, { status: 'cancelled' }, { attr: 'status', eq: 'waiting' });
}

/** failed → waiting, with a new try (and so a new job). */
export function markRowRetried(batchId: string, row: number, tries: number): Promise<boolean> {
  return updateRow(
    batchId,
    row,
    {
      status: 'waiting',
      tries: tries + 1,
      jobId: $remove(),
      error: $remove(),
      costMicroUsd: $remove(),
      contentId: $remove(),
      title: $remove(),
    },
    {
      and: [
        { attr: 'status', eq: 'failed' },
        { attr: 'tries', eq: tries },
      ],
    },
  );
}

/**
 * Moves the feeder's starting point past rows that no longer wait. Conditioned on the epoch it was read
 * in: a retry (which moves it back to its first retried row) starts a new epoch, so a feeder that read
 * the batch before the retry cannot move it past the retried rows.
 */
export async function advanceFeedCursor(batch: BatchRecord, cursor: number): Promise<void> {
  try {
    await entities()
      .batch.build(UpdateItemCommand)
      .item({ batchId: batch.batchId, feedCursor: cursor, updatedAt: new Date().toISOString() })
      .options({
        condition: {
          and: [
            { attr: 'feedEpoch', eq: batch.feedEpoch ?? 0 },
            { attr: 'feedCursor', lt: cursor },
          ],
        },
      })
      .send();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function markBatchCancelled(batchId: string): Promise<void> {
  await entities()
    .batch.build(UpdateItemCommand)
    .item({ batchId, cancelledAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
    .send();
}

/** Feeds again from `fromRow` in a new epoch, and is no longer cancelled (its retried rows run). */
export async function restartFeed(batchId: string, fromRow: number): Promise<void> {
  await entities()
    .batch.build(UpdateItemCommand)
    .item({
      batchId,
      feedCursor: fromRow,
      feedEpoch: $add(1),
      cancelledAt: $remove(),
      updatedAt: new Date().toISOString(),
    })
    .send();
}

/** A user's batches, newest first; after `before`, those older than that batch. */
export async function batchesOf(userId: string, limit: number, before?: string): Promise<BatchRecord[]> {
  const { table, batch } = entities();
  const page = await readQueryPage(
    batch,
    table
      .build(QueryCommand)
      .entities(batch)
      .query({
        index: 'gsi1',
        partition: partitionKey([['batchUser', userId]]),
        range:
          before === undefined
            ? { beginsWith: sortKeyPrefix('batch', 'batchId') }
            : { between: [sortKeyPrefix('batch', 'batchId'), sortKey('batch', [['batchId', before]])] },
      })
      // `between` holds `before` itself: one more is read, and it is left out.
      .options({ reverse: true, limit: before === undefined ? limit : limit + 1 })
      .params(),
  );
  return page.Items.filter((item) => item.batchId !== before).slice(0, limit);
}

/** Local runtime only: batches that are not cancelled, to feed again at start (fauxqs forgets). */
export async function batchesForRecovery(): Promise<string[]> {
  const { table, batch } = entities();
  const { Items = [] } = await table
    .build(ScanCommand)
    .entities(batch)
    .options({
      filters: { batch: { attr: 'cancelledAt', exists: false } },
      maxPages: Number.POSITIVE_INFINITY,
    })
    .send();
  return Items.map((item) => item.batchId);
}
