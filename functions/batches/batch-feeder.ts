import { billableEstimate } from '#functions/budgets/billable-estimate';
import { budgetedClientOf } from '#functions/budgets/budgeted-client';
import type { BudgetedClient } from '#functions/budgets/client-spend';
import { findClientRecord } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { entities } from '#functions/data/entities';
import { batchGetItems } from '#functions/data/item-commands';
import { enqueueJob } from '#functions/generation/job-queue';
import { releaseJobSlot, TooManyJobsError, takeJobSlot } from '#functions/generation/job-slots';
import { createJob, failUnqueuedJob, type StoredJob } from '#functions/generation/job-store';
import type { UsageRecord } from '#functions/usage/usage-record';
import {
  BATCH_JOB_SLOTS,
  JOB_NOT_QUEUED_MESSAGE,
  MAX_UNFINISHED_JOBS_PER_USER,
} from '#shared/generation-jobs';
import { findLanguageModel } from '#shared/models';
import { announceIfFinished } from './batch-finished';
import {
  advanceFeedCursor,
  type BatchRecord,
  type BatchRowRecord,
  batchRows,
  batchRowsFrom,
  getBatch,
  markRowFinished,
  markRowQueued,
  markRowRefused,
  rowJobId,
} from './batch-store';

/**
 * The feeder of bulk runs (docs/architecture.md, "Review, usage and bulk work"): moves a batch's waiting rows
 * into the jobs queue while the user has job slots, in row order, so rows wait instead of being refused. It
 * runs when a batch is created, each time one of its rows' jobs is settled (functions/usage/settle-job.ts),
 * after a retry, every minute for the batches whose feed stopped at full slots (scheduled-feed.ts), and,
 * locally, when the runtime starts.
 *
 * Feeding a row: a slot (under BATCH_JOB_SLOTS, so the user keeps some for the tools), the client's
 * budget, the row's move from waiting to queued (conditional: one feeder, or a cancel, makes it), then
 * the job, under an id derived from the batch, the row and its try, created only once and sent only by
 * the call that created it. Two feeders running at once, or a feeder and a crash, never run a row twice.
 */

/** The budget check, loaded with the first row for a client, out of the bulk routes' cold start. */
const clientSpend = () => import('#functions/budgets/client-spend');

/** Rows read at a time: a little more than the slots a batch may hold. */
const FEED_WINDOW = BATCH_JOB_SLOTS + 5;

const NO_CLIENT = 'The selected client no longer exists or you no longer have access to it.';

type FeedResult = 'fed' | 'full' | 'refused' | 'taken';

/** What one feed learns once: the batch's clients. */
interface FeedState {
  readonly clients: Map<string, BudgetedClient | null>;
}

const newFeedState = (): FeedState => ({ clients: new Map() });

/** What the row's job holds of its client's budget: its estimate, or nothing offline. */
const reservedEstimate = (row: BatchRowRecord, client: BudgetedClient | null): Promise<number> =>
  client
    ? billableEstimate(findLanguageModel(row.modelId)?.provider ?? null, row.estimateMicroUsd)
    : Promise.resolve(row.estimateMicroUsd);

function callerOf(batch: BatchRecord): Caller {
  return {
    userId: batch.userId,
    email: batch.userEmail,
    isAdmin: batch.isAdmin ?? false,
    authMethod: 'token',
    ...(batch.apiKeyId ? { apiKeyId: batch.apiKeyId } : {}),
  };
}

async function budgetedClient(
  clientId: string,
  clients: Map<string, BudgetedClient | null>,
): Promise<BudgetedClient | null> {
  if (!clients.has(clientId)) {
    const record = await findClientRecord(clientId);
    clients.set(clientId, record ? budgetedClientOf(record) : null);
  }
  return clients.get(clientId) ?? null;
}

/** Creates the row's job and, if this call created it, sends it; a refused message fails the row. */
async function startRowJob(
  batch: BatchRecord,
  row: BatchRowRecord,
  jobId: string,
  budget: { readonly month: string | null; readonly estimateMicroUsd: number },
) {
  const created = await createJob(
    callerOf(batch),
    row.tool,
    row.request,
    batch.userAgent ?? null,
    jobId,
    null,
    {
      clientId: row.clientId ?? null,
      apiKeyId: batch.apiKeyId ?? null,
      batchId: batch.batchId,
      batchRow: row.row,
      estimateMicroUsd: budget.estimateMicroUsd,
      budgetMonth: budget.month,
    },
  );
  if (!created) return;
  try {
    await enqueueJob(jobId);
  } catch (error) {
    logger.error('Could not queue a batch row; its row fails and can be retried', { jobId, error });
    await failUnqueuedJob(jobId, JOB_NOT_QUEUED_MESSAGE);
    const { settleJobWith } = await import('#functions/usage/job-settlement');
    await settleJobWith(jobId, settleBatchRow);
  }
}

/**
 * Feeds one waiting row: a slot, the budget, then the row's move to queued, which only one feeder (or a
 * cancel) can make; the feeder that made it creates the job and sends it. A crash between the move and
 * the job is repaired by repairBatch (the row is queued, its job missing). A row refused only because
 * the estimates of running jobs leave no room waits for them to settle instead of failing: its own
 * batch's rows feed the batch again as they settle, and the scheduled feeder (scheduled-feed.ts) feeds
 * it while other users' jobs hold the room (docs/decisions.md, "Client budgets that tell the truth").
 */
async function feedRow(batch: BatchRecord, row: BatchRowRecord, state: FeedState): Promise<FeedResult> {
  const tries = row.tries ?? 0;
  const jobId = rowJobId(batch.batchId, row.row, tries);
  try {
    await takeJobSlot(batch.userId, jobId, BATCH_JOB_SLOTS);
  } catch (error) {
    if (error instanceof TooManyJobsError) return 'full';
    throw error;
  }
  let budgetMonth: string | null = null;
  const client = row.clientId ? await budgetedClient(row.clientId, state.clients) : null;
  const estimateMicroUsd = await reservedEstimate(row, client);
  const { BudgetExceededError, releaseBudget, reserveBudget } = await clientSpend();
  if (row.clientId) {
    try {
      if (!client) throw new Error(NO_CLIENT);
      budgetMonth = await reserveBudget(client, jobId, estimateMicroUsd);
    } catch (error) {
      if (!(error instanceof BudgetExceededError) && client) throw error;
      await releaseJobSlot(batch.userId, jobId);
      // Only running jobs' estimates leave no room: it waits as for a slot, whoever's jobs they are.
      if (error instanceof BudgetExceededError && error.waitable) return 'full';
      await markRowRefused(batch.batchId, row.row, tries, error instanceof Error ? error.message : NO_CLIENT);
      return 'refused';
    }
  }
  if (!(await markRowQueued(batch.batchId, row.row, tries, jobId))) {
    // Another feeder made the move (it starts the job; the slot and the estimate are the same entries),
    // or a cancel did, and then nothing runs: the slot and the estimate go back.
    const [current] = await batchRowsFrom(batch.batchId, row.row, 1);
    if (current?.status !== 'queued' || current.jobId !== jobId) {
      await releaseJobSlot(batch.userId, jobId);
      if (row.clientId && budgetMonth) {
        await releaseBudget(row.clientId, budgetMonth, jobId, estimateMicroUsd);
      }
    }
    return 'taken';
  }
  await startRowJob(batch, row, jobId, { month: budgetMonth, estimateMicroUsd });
  return 'fed';
}

/**
 * Feeds the batch's waiting rows while the user has slots. 'waiting' when it stopped at a full set of
 * slots, or at a row whose client's room is held by running jobs: the batch is then marked as waiting
 * (batch-waits.ts), so the scheduled feeder (scheduled-feed.ts) feeds it again once other jobs free
 * slots or settle, which settles of its own rows alone would not notice.
 */
export async function feedBatch(batchId: string): Promise<'fed' | 'waiting'> {
  const batch = await getBatch(batchId);
  if (!batch || batch.cancelledAt) return 'fed';
  const state = newFeedState();
  // Every row before `cursor` has been handed out (or refused): the next feed starts there.
  let cursor = batch.feedCursor ?? 0;
  let outcome: 'fed' | 'waiting' = 'fed';
  feeding: for (;;) {
    const rows = await batchRowsFrom(batchId, cursor, FEED_WINDOW);
    for (const row of rows) {
      if (row.status === 'waiting' && (await feedRow(batch, row, state)) === 'full') {
        outcome = 'waiting';
        break feeding;
      }
      cursor = row.row + 1;
    }
    if (rows.length < FEED_WINDOW) break;
  }
  if (cursor > (batch.feedCursor ?? 0)) await advanceFeedCursor(batch, cursor);
  if (outcome === 'waiting') {
    // Loaded when a feed meets full slots only, out of the Batches function's cold start (its size
    // budget, bench/lambda-budgets.ts).
    const { markBatchWaiting } = await import('./batch-waits');
    await markBatchWaiting(batchId);
  }
  return outcome;
}

/**
 * Starts the jobs of queued rows that have none (a feed cut off between moving the row and creating its
 * job), then feeds the batch. Run when a batch's view finds such a row, and, locally, at start.
 */
export async function repairBatch(batchId: string, rows?: readonly BatchRowRecord[]): Promise<void> {
  const batch = await getBatch(batchId);
  if (!batch) return;
  const queued = (rows ?? (await batchRows(batchId))).filter((row) => row.status === 'queued' && row.jobId);
  if (queued.length > 0) {
    const { data } = await batchGetItems(
      entities().job,
      queued.map((row) => ({ jobId: row.jobId ?? '' })),
      { consistent: true, attributes: ['jobId'] },
    );
    const existing = new Set(data.map((job) => job.jobId));
    const clients = new Map<string, BudgetedClient | null>();
    for (const row of queued) {
      const jobId = row.jobId ?? '';
      if (existing.has(jobId)) continue;
      // The slot and the estimate were taken before the move (the same entries again, whatever the cap).
      await takeJobSlot(batch.userId, jobId, MAX_UNFINISHED_JOBS_PER_USER);
      const client = row.clientId ? await budgetedClient(row.clientId, clients) : null;
      const estimateMicroUsd = await reservedEstimate(row, client);
      const budgetMonth = client
        ? await (await clientSpend()).reserveBudget(client, jobId, estimateMicroUsd, { force: true })
        : null;
      await startRowJob(batch, row, jobId, { month: budgetMonth, estimateMicroUsd });
    }
  }
  await feedBatch(batchId);
}

/** A row's job was settled: its row records the outcome, and the batch is fed its next rows. */
export async function settleBatchRow(
  job: StoredJob,
  record: UsageRecord | null,
  costMicroUsd: number,
): Promise<void> {
  const batchId = job.accounting?.batchId;
  const row = job.accounting?.batchRow;
  if (!batchId || row === null || row === undefined) return;
  await markRowFinished(batchId, row, job.id, {
    status: job.status === 'succeeded' ? 'succeeded' : 'failed',
    contentId: job.savedContentId,
    title: record?.title ?? null,
    error: job.status === 'failed' ? job.error : null,
    costMicroUsd,
  });
  await feedBatch(batchId);
  await announceIfFinished(batchId);
}
