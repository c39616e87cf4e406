import { ulid } from 'ulid';
import type { BudgetedClient } from '#functions/budgets/client-spend';
import type { Caller } from '#functions/commons/caller';
import { ServiceUnavailableError } from '#functions/commons/errors';
import { HttpResult } from '#functions/commons/http-handler';
import { logger } from '#functions/commons/logger';
import { JOB_NOT_QUEUED_MESSAGE } from '#shared/generation-jobs';
import { claimIdempotencyKey, releaseIdempotencyKey, requestHash } from './idempotency-keys';
import { releaseJobSlot, takeJobSlot } from './job-slots';
import { failUnqueuedJob, getJob, reopenUnqueuedJob } from './job-store';

export interface JobAdmission {
  readonly caller: Caller;
  /** The request's Idempotency-Key, or null. */
  readonly key: string | null;
  /** The validated request, which a repeat of the key must match (idempotency-keys.ts). */
  readonly request: unknown;
  readonly tool: string;
  /** The client the job is for, and its cost estimate, counted against the client's monthly budget. */
  readonly budget: { readonly client: BudgetedClient; readonly estimateMicroUsd: number } | null;
  /**
   * Stores the queued job under this id, with the month whose budget counted it (null without a
   * client); false when it exists already (a racing repeat created it).
   */
  create(jobId: string, budgetMonth: string | null): Promise<boolean>;
  /** Puts the job's message on its queue. */
  send(jobId: string): Promise<void>;
}

/**
 * The admission of every generation POST, text and media alike: the Idempotency-Key, the user's slot,
 * the client's budget (402 `budget_exceeded` once the month's spend has reached it), the job
 * item, its message, and 202 {jobId}. All or nothing: when the message cannot
 * be sent (the queue refuses it, a missing permission), the job is failed and marked as never queued, the
 * slot is given back and the answer is 503; a replay of the key sends that same job again.
 *
 * With a key, the job id is recorded under it before the job exists; a repeat answers the same job
 * without creating, queueing or counting anything. A repeat that finds the record but no job (the first
 * request failed or is still on its way) creates that same job id: the conditional create lets exactly
 * one of them succeed, and only that one queues it.
 */
export async function admitJob(admission: JobAdmission): Promise<HttpResult> {
  const { caller, key, tool } = admission;
  const claim = key
    ? await claimIdempotencyKey(caller.userId, key, tool, ulid(), requestHash(admission.request))
    : null;
  if (claim && !claim.fresh) {
    const existing = await getJob(claim.jobId);
    if (existing && !existing.neverQueued) return accepted(existing.id);
    if (existing) return resend(admission, existing.id);
  }
  const jobId = claim?.jobId ?? ulid();
  let budgetMonth: string | null;
  try {
    await takeJobSlot(caller.userId, jobId);
    budgetMonth = await reserve(admission, jobId);
  } catch (error) {
    if (key && claim?.fresh) await releaseIdempotencyKey(caller.userId, key, jobId);
    throw error;
  }
  if (await admission.create(jobId, budgetMonth)) await sendOrFail(admission, jobId, budgetMonth);
  return accepted(jobId);
}

/**
 * The budget check loads with a route's first job for a client, out of its cold start: every
 * generation route carries it (docs/decisions.md, "Bundle cost, not met yet").
 */
const clientSpend = () => import('#functions/budgets/client-spend');

/** Counts the job against its client's budget; refused, it gives the user's slot back. */
async function reserve(admission: JobAdmission, jobId: string): Promise<string | null> {
  if (!admission.budget) return null;
  try {
    const { reserveBudget } = await clientSpend();
    return await reserveBudget(admission.budget.client, jobId, admission.budget.estimateMicroUsd);
  } catch (error) {
    await releaseJobSlot(admission.caller.userId, jobId);
    throw error;
  }
}

/** A replay of the key of a job that never reached the queue: it counts again, and is sent again. */
async function resend(admission: JobAdmission, jobId: string): Promise<HttpResult> {
  await takeJobSlot(admission.caller.userId, jobId);
  const budgetMonth = await reserve(admission, jobId);
  // Another replay reopened it first: that one sends it (the slot is the same entry of the set).
  if (await reopenUnqueuedJob(jobId, budgetMonth)) await sendOrFail(admission, jobId, budgetMonth);
  return accepted(jobId);
}

async function sendOrFail(admission: JobAdmission, jobId: string, budgetMonth: string | null): Promise<void> {
  try {
    await admission.send(jobId);
  } catch (error) {
    logger.error('Could not queue a job; failed it and gave its slot back', {
      jobId,
      tool: admission.tool,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    await failUnqueuedJob(jobId, JOB_NOT_QUEUED_MESSAGE);
    // It never ran: its estimate leaves the client's month (a replay counts it again).
    const budget = admission.budget;
    if (budget && budgetMonth) {
      const { releaseBudget } = await clientSpend();
      await releaseBudget(budget.client.id, budgetMonth, jobId, budget.estimateMicroUsd);
    }
    throw new ServiceUnavailableError(JOB_NOT_QUEUED_MESSAGE, 'job_not_queued');
  }
}

function accepted(jobId: string): HttpResult {
  return new HttpResult(202, { jobId }, { location: `/api/jobs/${jobId}` });
}
