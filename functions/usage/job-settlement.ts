import { type BudgetCrossing, budgetWarningCrossed, settleBudget } from '#functions/budgets/client-spend';
import { findClientRecord } from '#functions/clients/client-access';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import { getJob, markJobSettled, type StoredJob, storeJobCost } from '#functions/generation/job-store';
import { emitWebhookEvent } from '#functions/webhooks/emit-webhook-event';
import { jobStatusUrl } from '#shared/public-api';
import { addToDay, addToOwnerDay, addToProviderDays } from './usage-days';
import { summarizeUsage, type UsageRecord, usageRecordOf } from './usage-record';
import { putUsage } from './usage-store';

/**
 * The accounting of a finished job (docs/decisions.md, "Usage, cost, budgets and bulk runs"), after its
 * status is stored: its cost, computed once and kept with the job; its usage item, its day's counters and its
 * client's (or, without a client, its user's) day counters; its client's budget (the estimate swapped for the
 * real cost); its bulk run's row, and the run fed its next rows. Each step is idempotent on its own (a put of
 * the same item, a conditional counter, a conditional budget update), so a crash anywhere in between is
 * repaired by settling again: when the job's message comes back (run-job.ts), or, locally, when the runtime
 * starts (local/runtime.ts). The last step marks the job settled.
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

/** The bulk row's part of a settle: the feeder's (batch-feeder.ts), which feeds the batch next. */
export type SettleBatchRow = (
  job: StoredJob,
  record: UsageRecord | null,
  costMicroUsd: number,
) => Promise<void>;

/**
 * Settles a finished job; `settleBatchRow` records a batch job's row. Given by the caller so the batch
 * feeder, which settles a job it could not queue, and this module do not load each other.
 */
export async function settleJobWith(jobId: string, settleBatchRow: SettleBatchRow): Promise<void> {
  const job = await getJob(jobId, { consistent: true });
  const accounting = job?.accounting;
  if (!job || !accounting || accounting.settledAt) return;
  if (job.status !== 'succeeded' && job.status !== 'failed') return;

  // Computed once, when the job finishes; a settle repeated after a price change keeps the first figure.
  const costMicroUsd = accounting.costMicroUsd ?? summarizeUsage(job).costMicroUsd;
  if (accounting.costMicroUsd === null) await storeJobCost(job.id, costMicroUsd);
  const ran = recordsUsage(job);
  const record = ran ? await recordUsage(job, costMicroUsd) : null;
  let crossing: BudgetCrossing | null = null;
  if (accounting.clientId && accounting.budgetMonth) {
    const spend = await settleBudget(
      accounting.clientId,
      accounting.budgetMonth,
      job.id,
      accounting.estimateMicroUsd,
      costMicroUsd,
      { counted: ran },
    );
    crossing = budgetWarningCrossed(accounting.clientId, accounting.budgetMonth, spend, costMicroUsd);
  }
  if (accounting.batchId) await settleBatchRow(job, record, costMicroUsd);
  await markJobSettled(job.id);
  await emitJobEvents(job, crossing);
}

/**
 * The job's webhook events, once it is settled (docs/architecture.md, "Webhooks"): its outcome, and the
 * budget warning when this job's cost took its client past the warning line. A multi-platform run's
 * children are told through their run.
 */
async function emitJobEvents(job: StoredJob, crossing: BudgetCrossing | null): Promise<void> {
  if (job.parentJobId) return;
  const data = {
    jobId: job.id,
    tool: job.tool,
    clientId: job.accounting?.clientId ?? null,
    contentId: job.savedContentId,
    batchId: job.accounting?.batchId ?? null,
    statusUrl: jobStatusUrl(job.id),
  };
  if (job.status === 'succeeded') await emitWebhookEvent(job.userId, 'job.succeeded', data);
  else await emitWebhookEvent(job.userId, 'job.failed', { ...data, error: job.error ?? 'The job failed' });
  if (crossing) await emitWebhookEvent(job.userId, 'budget.warning', crossing);
}
