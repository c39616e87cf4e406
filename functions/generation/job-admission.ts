import { ulid } from 'ulid';
import type { Caller } from '#functions/commons/caller';
import { ServiceUnavailableError } from '#functions/commons/errors';
import { HttpResult } from '#functions/commons/http-handler';
import { logger } from '#functions/commons/logger';
import { JOB_NOT_QUEUED_MESSAGE } from '#shared/generation-jobs';
import { claimIdempotencyKey, releaseIdempotencyKey } from './idempotency-keys';
import { takeJobSlot } from './job-slots';
import { failUnqueuedJob, getJob, reopenUnqueuedJob } from './job-store';

export interface JobAdmission {
  readonly caller: Caller;
  /** The request's Idempotency-Key, or null. */
  readonly key: string | null;
  readonly tool: string;
  /** Stores the queued job under this id; false when it exists already (a racing repeat created it). */
  create(jobId: string): Promise<boolean>;
  /** Puts the job's message on its queue. */
  send(jobId: string): Promise<void>;
}

/**
 * The admission of every generation POST, text and media alike: the Idempotency-Key, the user's slot,
 * the job item, its message, and 202 {jobId}. All or nothing (issue 29 item 3): when the message cannot
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
  const claim = key ? await claimIdempotencyKey(caller.userId, key, tool, ulid()) : null;
  if (claim && !claim.fresh) {
    const existing = await getJob(claim.jobId);
    if (existing && !existing.neverQueued) return accepted(existing.id);
    if (existing) return resend(admission, existing.id);
  }
  const jobId = claim?.jobId ?? ulid();
  try {
    await takeJobSlot(caller.userId, jobId);
  } catch (error) {
    if (key && claim?.fresh) await releaseIdempotencyKey(caller.userId, key, jobId);
    throw error;
  }
  if (await admission.create(jobId)) await sendOrFail(admission, jobId);
  return accepted(jobId);
}

/** A replay of the key of a job that never reached the queue: it counts again, and is sent again. */
async function resend(admission: JobAdmission, jobId: string): Promise<HttpResult> {
  await takeJobSlot(admission.caller.userId, jobId);
  // Another replay reopened it first: that one sends it (the slot is the same entry of the set).
  if (await reopenUnqueuedJob(jobId)) await sendOrFail(admission, jobId);
  return accepted(jobId);
}

async function sendOrFail(admission: JobAdmission, jobId: string): Promise<void> {
  try {
    await admission.send(jobId);
  } catch (error) {
    logger.error('Could not queue a job; failed it and gave its slot back', {
      jobId,
      tool: admission.tool,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    await failUnqueuedJob(jobId, JOB_NOT_QUEUED_MESSAGE);
    throw new ServiceUnavailableError(JOB_NOT_QUEUED_MESSAGE, 'job_not_queued');
  }
}

function accepted(jobId: string): HttpResult {
  return new HttpResult(202, { jobId }, { location: `/api/jobs/${jobId}` });
}
