import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { UpdateItemCommand, type UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { ulid } from 'ulid';
import { JOB_STATUS_LOG_MESSAGES } from '#contract/job-status-log';
import type { Caller } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { type Entities, entities, isExpired, ttlInSeconds } from '#functions/data/entities';
import { findItem, putItem } from '#functions/data/item-commands';
import { JOB_KEPT_DAYS } from '#shared/generation-jobs';
import type { UsageMeasure } from '#shared/prices';
import { isConditionFailure } from './conditional-write';
import { releaseJobSlot } from './job-slots';

/** A generation job as GET /api/jobs/{jobId} returns it (docs/architecture.md, "Generation jobs"). */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  result: Record<string, unknown> | null;
  error: string | null;
  servedBy: string | null;
  savedContentId: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The text a running job has pushed so far (functions/generation/progress-stream.ts): `seq` is the
 * number of its last push, `attempt` the delivery it belongs to (a retry starts the text again).
 */
export interface PartialText {
  readonly attempt: number;
  readonly seq: number;
  readonly text: string;
}

export interface StoredJob extends Job {
  userId: string;
  userEmail: string;
  isAdmin: boolean;
  userAgent: string | null;
  /** The multi-platform run this job is a child of, or null for a job of its own. */
  parentJobId: string | null;
  request: unknown;
  attempts: number;
  partial: PartialText | null;
  /** Failed before it ran because its message never reached the queue (it may be sent again). */
  neverQueued: boolean;
  /** Usage accounting; null on jobs created before it. */
  accounting: JobAccounting | null;
}

/** What a job is billed to, and what it consumed (functions/usage/). */
export interface JobAccounting {
  readonly clientId: string | null;
  readonly apiKeyId: string | null;
  readonly batchId: string | null;
  readonly batchRow: number | null;
  /** The estimate counted against the client's budget at admission (0 when none was counted). */
  readonly estimateMicroUsd: number;
  /** The month whose client budget holds the estimate, or null when no budget counted the job. */
  readonly budgetMonth: string | null;
  /** What each attempt consumed, by attempt number. */
  readonly attemptUsage: Readonly<Record<string, AttemptUsage>>;
  readonly costMicroUsd: number | null;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly settledAt: string | null;
}

/** What one attempt of a job consumed, as its provider reported it. */
export interface AttemptUsage {
  readonly provider: string;
  /** The spec's model id the job asked for: what it is priced by. */
  readonly modelId: string;
  readonly measure: UsageMeasure;
  readonly ownKey: boolean;
  /**
   * The attempt's usage as estimated while its provider call ran (the prompt sent, the text streamed
   * so far), until the provider reports its own: what is left when a crash cuts the call off.
   */
  readonly estimated?: boolean;
}

/** What a new job is billed to (admission, batches, a multi-platform run's children). */
export interface JobAccountingInput {
  readonly clientId?: string | null;
  readonly apiKeyId?: string | null;
  readonly batchId?: string;
  readonly batchRow?: number;
  readonly estimateMicroUsd: number;
  readonly budgetMonth?: string | null;
}

const JOB_TTL_SECONDS = JOB_KEPT_DAYS * 24 * 60 * 60;

type JobRow = FormattedItem<Entities['job']>;

function fromRow(row: JobRow): StoredJob {
  return {
    id: row.jobId,
    tool: row.tool,
    status: row.status,
    progress: row.progress ?? 0,
    result: (row.result as Record<string, unknown> | undefined) ?? null,
    error: row.error ?? null,
    servedBy: row.servedBy ?? null,
    savedContentId: row.savedContentId ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    userId: row.userId,
    userEmail: row.userEmail,
    isAdmin: row.isAdmin ?? false,
    userAgent: row.userAgent ?? null,
    parentJobId: row.parentJobId ?? null,
    request: row.request,
    attempts: row.attempts ?? 0,
    partial: partialOf(row.partial),
    neverQueued: row.neverQueued ?? false,
    accounting: accountingOf(row),
  };
}

function accountingOf(row: JobRow): JobAccounting | null {
  if (row.estimateMicroUsd === undefined) return null;
  return {
    clientId: row.clientId ?? null,
    apiKeyId: row.apiKeyId ?? null,
    batchId: row.batchId ?? null,
    batchRow: row.batchRow ?? null,
    estimateMicroUsd: row.estimateMicroUsd,
    budgetMonth: row.budgetMonth ?? null,
    attemptUsage: (row.attemptUsage as Record<string, AttemptUsage> | undefined) ?? {},
    costMicroUsd: row.costMicroUsd ?? null,
    startedAt: row.startedAt ?? null,
    finishedAt: row.finishedAt ?? null,
    settledAt: row.settledAt ?? null,
  };
}

function partialOf(value: unknown): PartialText | null {
  if (typeof value !== 'object' || value === null) return null;
  const { attempt, seq, text } = value as Record<string, unknown>;
  if (typeof attempt !== 'number' || typeof seq !== 'number' || typeof text !== 'string') return null;
  return { attempt, seq, text };
}

export function publicJob(job: StoredJob): Job {
  const {
    userId,
    userEmail,
    isAdmin,
    userAgent,
    parentJobId,
    request,
    attempts,
    partial,
    neverQueued,
    accounting,
    ...visible
  } = job;
  return visible;
}

type JobUpdate = UpdateItemInput<Entities['job']>;
type JobCondition = Condition<Entities['job']>;

/** A job that has not finished: the only kind a start or a failure from the DLQ may change. */
export const UNFINISHED = {
  or: [
    { attr: 'status', eq: 'queued' },
    { attr: 'status', eq: 'running' },
  ],
} as const satisfies JobCondition;

/**
 * Updates a job that exists (and meets `condition`, if given) and returns it as stored; a failed
 * condition throws the SDK's ConditionalCheckFailedException.
 */
async function patchJob(update: JobUpdate, condition?: JobCondition): Promise<JobRow> {
  const exists: JobCondition = { attr: 'jobId', exists: true };
  const { Attributes } = await entities()
    .job.build(UpdateItemCommand)
    .item(update)
    .options({ condition: condition ? { and: [exists, condition] } : exists, returnValues: 'ALL_NEW' })
    .send();
  if (!Attributes) throw new Error(`No attributes returned for job ${update.jobId}`);
  return Attributes;
}

/**
 * Stores a queued job under `jobId` unless one exists already (an idempotent repeat raced this one).
 * Returns whether this call created it: only the creator queues it.
 */
export async function createJob(
  caller: Caller,
  tool: string,
  request: unknown,
  userAgent: string | null,
  jobId: string = ulid(),
  parentJobId: string | null = null,
  accounting?: JobAccountingInput,
): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await putItem(
      entities().job,
      {
        jobId,
        tool,
        userId: caller.userId,
        userEmail: caller.email,
        isAdmin: caller.isAdmin,
        userAgent: userAgent ?? undefined,
        parentJobId: parentJobId ?? undefined,
        status: 'queued',
        progress: 0,
        request,
        attempts: 0,
        ...(accounting ? accountingAttributes(accounting) : {}),
        createdAt: now,
        updatedAt: now,
        expiresAt: ttlInSeconds(JOB_TTL_SECONDS),
      },
      { attr: 'jobId', exists: false },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

function accountingAttributes(accounting: JobAccountingInput) {
  return {
    estimateMicroUsd: accounting.estimateMicroUsd,
    attemptUsage: {},
    ...(accounting.clientId ? { clientId: accounting.clientId } : {}),
    ...(accounting.apiKeyId ? { apiKeyId: accounting.apiKeyId } : {}),
    ...(accounting.batchId ? { batchId: accounting.batchId, batchRow: accounting.batchRow } : {}),
    ...(accounting.budgetMonth ? { budgetMonth: accounting.budgetMonth } : {}),
  };
}

export async function getJob(
  jobId: string,
  options: { readonly consistent?: boolean } = {},
): Promise<StoredJob | null> {
  const row = await findItem(entities().job, { jobId }, options);
  if (!row || isExpired(row.expiresAt)) return null;
  return fromRow(row);
}

/** Counts the attempt; returns null when the job is already finished (a redelivered message). */
export async function startAttempt(jobId: string): Promise<StoredJob | null> {
  try {
    return fromRow(
      await patchJob(
        {
          jobId,
          status: 'running',
          updatedAt: new Date().toISOString(),
          startedAt: new Date().toISOString(),
          attempts: $add(1),
        },
        UNFINISHED,
      ),
    );
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Stores the job's progress and, when given, the text pushed so far (a resyncing browser reads it). */
export async function saveProgress(jobId: string, progress: number, partial?: PartialText): Promise<void> {
  await patchJob(
    { jobId, progress, updatedAt: new Date().toISOString(), ...(partial ? { partial: $set(partial) } : {}) },
    { attr: 'status', eq: 'running' },
  ).catch(() => undefined);
}

export async function finishJob(
  jobId: string,
  outcome:
    | {
        status: 'succeeded';
        result: Record<string, unknown>;
        servedBy: string;
        savedContentId: string | null;
      }
    | { status: 'failed'; error: string },
): Promise<void> {
  const now = new Date().toISOString();
  const update =
    outcome.status === 'succeeded'
      ? {
          status: outcome.status,
          progress: 100,
          // $set replaces the whole value (a plain object would be merged into the stored one).
          result: $set(outcome.result),
          servedBy: outcome.servedBy,
          ...(outcome.savedContentId ? { savedContentId: outcome.savedContentId } : {}),
          updatedAt: now,
          finishedAt: now,
        }
      : { status: outcome.status, error: outcome.error, updatedAt: now, finishedAt: now };
  // The result replaces the partial text; a failed job's partial text is of no use either.
  const row = await patchJob({ jobId, ...update, partial: $remove() });
  logJobEnd(outcome.status, row.jobId, row.tool);
  // After the status: a crash in between leaves a slot that reclaimStaleSlots gives back.
  await releaseJobSlot(row.userId, jobId);
}

/** The line the dashboard counts jobs by (contract/job-status-log.ts). */
function logJobEnd(status: 'succeeded' | 'failed', jobId: string, tool: string): void {
  const message =
    status === 'succeeded' ? JOB_STATUS_LOG_MESSAGES.JobsSucceeded : JOB_STATUS_LOG_MESSAGES.JobsFailed;
  logger.info(message, { jobId, tool });
}

/**
 * Fails a job that is still queued or running (its message reached the DLQ: the worker died, timed out
 * or crashed on its last receive). Returns the failed job, or null when it had already finished.
 */
export async function failUnfinishedJob(jobId: string, error: string): Promise<StoredJob | null> {
  try {
    const job = fromRow(
      await patchJob(
        {
          jobId,
          status: 'failed',
          error,
          updatedAt: new Date().toISOString(),
          finishedAt: new Date().toISOString(),
        },
        UNFINISHED,
      ),
    );
    logJobEnd('failed', job.id, job.tool);
    await releaseJobSlot(job.userId, jobId);
    return job;
  } catch (failure) {
    if (isConditionFailure(failure)) return null;
    throw failure;
  }
}

/**
 * Fails a job whose message could not be sent, so it neither waits for a worker that will never come
 * nor holds the user's slot; it stays marked, so a replay of its Idempotency-Key can send it again.
 */
export async function failUnqueuedJob(jobId: string, error: string): Promise<void> {
  try {
    const row = await patchJob(
      {
        jobId,
        status: 'failed',
        error,
        neverQueued: true,
        updatedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      },
      { attr: 'status', eq: 'queued' },
    );
    await releaseJobSlot(row.userId, jobId);
  } catch (failure) {
    // Not queued any more: something else (a replay that reopened it) owns it now.
    if (!isConditionFailure(failure)) throw failure;
  }
}

/**
 * Puts a job that never reached the queue back to queued, for a replay of its key to send it; false
 * when it is not such a job any more (another replay reopened it first).
 */
export async function reopenUnqueuedJob(jobId: string, budgetMonth: string | null = null): Promise<boolean> {
  try {
    await patchJob(
      {
        jobId,
        ...(budgetMonth ? { budgetMonth } : {}),
        status: 'queued',
        error: $remove(),
        neverQueued: $remove(),
        finishedAt: $remove(),
        // Sent again, it is accounted again when it finishes (its budget estimate was counted anew).
        settledAt: $remove(),
        updatedAt: new Date().toISOString(),
      },
      {
        and: [
          { attr: 'status', eq: 'failed' },
          { attr: 'neverQueued', eq: true },
        ],
      },
    );
    return true;
  } catch (failure) {
    if (isConditionFailure(failure)) return false;
    throw failure;
  }
}

/** Notes a failed attempt that will be retried, so a poller sees why it is taking longer. */
export async function noteRetry(jobId: string, error: string): Promise<void> {
  await patchJob({ jobId, status: 'queued', error, updatedAt: new Date().toISOString() }).catch(
    () => undefined,
  );
}

/**
 * Keeps what one attempt consumed, under its attempt number: saving the same attempt again (a repeated
 * save) counts it once, and a retry after a crash adds its own. Only a running job's usage changes.
 */
export async function saveAttemptUsage(job: StoredJob, usage: AttemptUsage): Promise<void> {
  if (!job.accounting) return;
  const attemptUsage = { ...job.accounting.attemptUsage, [String(job.attempts)]: usage };
  await patchJob({ jobId: job.id, attemptUsage: $set(attemptUsage) }, { attr: 'status', eq: 'running' });
}

/** The finished job's cost, computed once from its usage (functions/usage/settle-job.ts). */
export async function storeJobCost(jobId: string, costMicroUsd: number): Promise<void> {
  await patchJob({ jobId, costMicroUsd }, { attr: 'costMicroUsd', exists: false }).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}

export async function markJobSettled(jobId: string): Promise<void> {
  await patchJob({ jobId, settledAt: new Date().toISOString() });
}
