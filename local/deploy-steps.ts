import {
  type ActivityIndexFillCounts,
  markActivityIndexFillNotNeeded,
} from '#functions/activities/activity-index-fill';
import type { MigrationCounts } from '#functions/trash/migrate-s3-trash';
import { markFillNotNeeded, type UsageBackfillCounts } from '#functions/usage/usage-backfill';
import type { Provisioned } from './bootstrap';
import type { FunctionInvoker } from './functions/function-host';

/**
 * What a deploy runs once the stack is in place (CloudFormation triggers), run at every local start
 * for what an earlier version left in the data folder. Both are idempotent and independent, so they
 * run side by side; a failure is told and the app starts anyway, and the next start tries again.
 */

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The delete snapshots earlier versions kept in the bucket under trash/, copied into the table
 * (infra/trash-migration.ts), so those deletes can still be undone. A failure leaves them in the bucket.
 */
async function copyOldTrash(functions: FunctionInvoker, log: (line: string) => void): Promise<void> {
  try {
    const copied = await functions.invoke<MigrationCounts>('TrashMigration', {});
    if (copied.migrated > 0) log(`Copied ${copied.migrated} delete snapshot(s) of an earlier version.`);
    if (copied.failed > 0)
      log(`${copied.failed} delete snapshot(s) could not be copied; the next start tries again.`);
  } catch (error) {
    log(`Could not copy the delete snapshots of an earlier version: ${reason(error)}`);
  }
}

/**
 * Staff's per-client usage counters for the jobs settled before the settle step wrote them
 * (infra/usage-backfill.ts). It returns at once after one complete walk; a failure leaves no marker.
 */
async function fillUsageCounters(functions: FunctionInvoker, log: (line: string) => void): Promise<void> {
  try {
    const filled = await functions.invoke<UsageBackfillCounts>('UsageBackfill', {});
    if (!filled.alreadyDone && filled.read > 0)
      log(`Counted ${filled.read} earlier job(s) in the clients' usage.`);
  } catch (error) {
    log(`Could not count earlier jobs in the clients' usage; the next start tries again: ${reason(error)}`);
  }
}

/** The fill's marker for a table this start made; a failure only means the next start walks the table. */
async function recordFillNotNeeded(log: (line: string) => void): Promise<void> {
  try {
    await markFillNotNeeded();
  } catch (error) {
    log(
      `Could not record that this new table needs no usage counter fill; the next start checks it: ${reason(error)}`,
    );
  }
}

/**
 * The byAction index keys of the activities recorded before the index (infra/activity-index-fill.ts), so
 * the Activity Tracker's filter finds them. It returns at once after one complete walk.
 */
async function indexOldActivities(functions: FunctionInvoker, log: (line: string) => void): Promise<void> {
  try {
    const indexed = await functions.invoke<ActivityIndexFillCounts>('ActivityIndexFill', {});
    if (indexed.filled > 0) log(`Indexed ${indexed.filled} earlier activit(y/ies) by action.`);
  } catch (error) {
    log(`Could not index earlier activities by action; the next start tries again: ${reason(error)}`);
  }
}

/** The activity fill's marker for a table this start made, as for the usage fill above. */
async function recordActivityFillNotNeeded(log: (line: string) => void): Promise<void> {
  try {
    await markActivityIndexFillNotNeeded();
  } catch (error) {
    log(
      `Could not record that this new table needs no activity index fill; the next start checks it: ${reason(error)}`,
    );
  }
}

/**
 * A table or bucket this start made holds nothing an earlier version left, so its step has nothing to
 * do and its function's thread is not started (each costs 150-400 ms, at every test runtime's start);
 * the fill's marker is written all the same, so the next start of this data folder returns at once.
 */
export async function runDeploySteps(
  functions: FunctionInvoker,
  log: (line: string) => void,
  made: { readonly table: Provisioned; readonly bucket: Provisioned },
): Promise<void> {
  await Promise.all([
    made.bucket === 'created' ? undefined : copyOldTrash(functions, log),
    made.table === 'created' ? recordFillNotNeeded(log) : fillUsageCounters(functions, log),
    made.table === 'created' ? recordActivityFillNotNeeded(log) : indexOldActivities(functions, log),
  ]);
}
