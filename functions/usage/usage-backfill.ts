import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '#contract/table-definition';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { partitionKey, sortKey } from '#functions/data/item-keys';
import { monthOf, monthsBetween } from '#shared/usage-dates';
import { addToOwnerDay, addToProviderDays } from './usage-days';
import { monthPages } from './usage-store';

/**
 * One-time fill of the per-client day counters (usage-days.ts `addToOwnerDay`) and the per-provider
 * ones (`addToProviderDays`) for the jobs settled before the settle step wrote them: staff's usage figures are read from those counters alone, so
 * without it they would leave those jobs out. It walks every month's usage items, from the first month
 * any version recorded usage to the current one, and adds each job to its client's (or its user's
 * no-client) counters. Adding is conditional on the job not being counted yet, so the jobs settled
 * since (which the settle step already counted) and any number of runs count each job once.
 *
 * When a walk completes without a failure, a marker item says so and later runs return at once: every
 * job settled after the walk began was counted by its settle step. It runs on deploy (a CloudFormation
 * trigger, infra/usage-backfill.ts) and at a local start (local/runtime.ts).
 *
 * When it may be deleted (with infra/usage-backfill.ts, its trigger and its marker): once every deployed
 * stage holds its marker, meaning the walk completed there. Every job settled since is counted by the
 * settle step, and the usage reads have no code for uncounted jobs.
 *
 * A job whose counters could not be written (DynamoDB failing after the SDK's retries) fails the run at
 * the end, after every other job: no marker is written, so the next run (the deploy's rollback and
 * redeploy, or the next local start) walks again.
 */

/**
 * The month of the first version that recorded usage (188a9f4;
 * docs/decisions.md, "Usage, cost, budgets and bulk runs"): no month before holds any.
 */
export const USAGE_RECORDED_SINCE = '2026-11';

/** Jobs counted at once: one UpdateItem each. */
const CONCURRENCY = 16;

export interface UsageBackfillCounts {
  /** Usage items read. */
  readonly read: number;
  /** Jobs whose counters could not be written; the run throws after the others. */
  readonly failed: number;
  /** True when an earlier run had completed the walk, so nothing was read. */
  readonly alreadyDone: boolean;
}

/**
 * The marker of a completed walk: in a partition of its own, which the function's role may write. The
 * provider counters (usage-days.ts `addToProviderDays`) came after the owner days' first walk had left
 * its marker (`ownerDays`), so the walk that fills both has a marker of its own and runs once more.
 */
export const BACKFILL_MARKER_KEY = {
  [TABLE_KEYS.partitionKey]: partitionKey([['usageBackfill', 'providerDays']]),
  [TABLE_KEYS.sortKey]: sortKey('usageBackfill'),
};

async function isDone(): Promise<boolean> {
  const { table } = entities();
  const { Item } = await table
    .getDocumentClient()
    .send(new GetCommand({ TableName: table.getName(), Key: BACKFILL_MARKER_KEY, ConsistentRead: true }));
  return Item !== undefined;
}

async function markDone(read: number, now: Date): Promise<void> {
  const { table } = entities();
  await table.getDocumentClient().send(
    new PutCommand({
      TableName: table.getName(),
      Item: { ...BACKFILL_MARKER_KEY, completedAt: now.toISOString(), jobsRead: read },
    }),
  );
}

/**
 * Records the fill as done without a walk, for a table made by this version (a new local data folder):
 * every job it will hold is settled by a version that counts it. Later starts then return at once.
 */
export async function markFillNotNeeded(now = new Date()): Promise<void> {
  await markDone(0, now);
}

/** Adds every job recorded up to now to its owner's and its provider's day counters, once; see above. */
export async function backfillOwnerDays(now = new Date()): Promise<UsageBackfillCounts> {
  if (await isDone()) return { read: 0, failed: 0, alreadyDone: true };
  let read = 0;
  let failed = 0;
  const current = monthOf(now);
  const months =
    current < USAGE_RECORDED_SINCE ? [] : monthsBetween(`${USAGE_RECORDED_SINCE}-01`, `${current}-01`);
  for (const month of months) {
    for await (const page of monthPages(month)) {
      read += page.length;
      for (let start = 0; start < page.length; start += CONCURRENCY) {
        await Promise.all(
          page.slice(start, start + CONCURRENCY).map(async (row) => {
            try {
              await addToOwnerDay(row);
              await addToProviderDays(row);
            } catch (error) {
              failed += 1;
              logger.error('Could not add a job to its client day counters', { jobId: row.jobId, error });
            }
          }),
        );
      }
    }
  }
  if (failed === 0) await markDone(read, now);
  return { read, failed, alreadyDone: false };
}

/** The trigger's handler: its result is the counts; a failed job fails the deploy (see above). */
export const handler = async (): Promise<UsageBackfillCounts> => {
  const counts = await backfillOwnerDays();
  (counts.read > 0 ? logger.info : logger.debug)('Filled the client day counters of earlier jobs', {
    ...counts,
  });
  if (counts.failed > 0) {
    throw new Error(
      `${counts.failed} job(s) could not be added to their client day counters (the others were); see the log above`,
    );
  }
  return counts;
};
