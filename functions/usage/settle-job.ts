import { settleBudget } from '#functions/budgets/client-spend';
import { findClientRecord } from '#functions/clients/client-access';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import { getJob, markJobSettled, type StoredJob, storeJobCost } from '#functions/generation/job-store';
import { addToDay, addToOwnerDay, addToProviderDays } from './usage-days';
import { summarizeUsage, type UsageRecord, usageRecordOf } from './usage-record';
import { putUsage } from './usage-store';

/**
 * The accounting of a finished job (issue 34), after its status is stored: its cost, computed once and
 * kept with the job; its usage item, its day's counters and its client's (or, without a client, its user's) day counters; its client's budget (the estimate swapped
 * for the real cost); its bulk run's row, and the run fed its next rows. Each step is idempotent on its
 * own (a put of the same item, a conditional counter, a conditional budget update), so a crash anywhere
 * in between is repaired by settling again: when the job's message comes back (run-job.ts), or, locally,
 * when the runtime starts (local/runtime.ts). The last step marks the job settled.
 */

/** Jobs whose model work is recorded: a multi-platform run's children record their own. */
function recordsUsage(job: StoredJob): boolean {
  return job.attempts > 0 && !job.neverQueued && job.tool !== 'multi-platform';
}

async function titleOf(clientId: string | null, contentId: string | null): Promise<string | null> {
  if (!clientId || !contentId) return null;
  const item = await findItem(entities().content, { clientId, contentId });
  return item?.title ?? null;
}

async function recordUsage(job: StoredJob, costMicroUsd: number): Promise<UsageRecord> {
  const summary = { ...summarizeUsage(job), costMicroUsd };
  const clientId = job.accounting?.clientId ?? null;
  const [client, title] = await Promise.all([
    clientId ? findClientRecord(clientId) : null,
    titleOf(clientId, job.savedContentId),
  ]);
  const record = { ...usageRecordOf(job, summary, client?.name ?? null), title };
  await putUsage(record);
  await addToDay(record);
  await addToOwnerDay(record);
  await addToProviderDays(record);
  return record;
}

export async function settleJob(jobId: string): Promise<void> {
  const job = await getJob(jobId, { consistent: true });
  const accounting = job?.accounting;
  if (!job || !accounting || accounting.settledAt) return;
  if (job.status !== 'succeeded' && job.status !== 'failed') return;

  // Computed once, when the job finishes; a settle repeated after a price change keeps the first figure.
  const costMicroUsd = accounting.costMicroUsd ?? summarizeUsage(job).costMicroUsd;
  if (accounting.costMicroUsd === null) await storeJobCost(job.id, costMicroUsd);
  const ran = recordsUsage(job);
  const record = ran ? await recordUsage(job, costMicroUsd) : null;
  if (accounting.clientId && accounting.budgetMonth) {
    await settleBudget(
      accounting.clientId,
      accounting.budgetMonth,
      job.id,
      accounting.estimateMicroUsd,
      costMicroUsd,
      { counted: ran },
    );
  }
  if (accounting.batchId) {
    const { settleBatchRow } = await import('#functions/batches/batch-feeder');
    await settleBatchRow(job, record, costMicroUsd);
  }
  await markJobSettled(job.id);
}

/**
 * Settles after a delivery that finished its job; when settling fails, the message is to come back
 * (its job is finished by then, so the next delivery only settles it).
 */
export async function settleAfterRun<Outcome>(
  jobId: string,
  outcome: Outcome,
  retry: Outcome,
): Promise<Outcome> {
  try {
    await settleJob(jobId);
    return outcome;
  } catch (error) {
    logger.error('Could not settle a finished job; its message comes back to settle it', { jobId, error });
    return retry;
  }
}
