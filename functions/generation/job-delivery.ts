import { recordActivity } from '#functions/activities/activity-log';
import type { Caller } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { saveContentOnce } from '#functions/content/content-saves';
import { settleAfterRun } from '#functions/usage/settle-job';
import { jobSucceededEvent, notifyUser, type ServerEvent } from '#functions/websocket/notifier';
import type { Client } from '#shared/client';
import {
  DONE,
  isRetryable,
  MAX_ATTEMPTS,
  RETRY,
  type RunOutcome,
  retryLater,
  userMessage,
} from './job-attempt';
import { finishJob, noteRetry, publicJob, type StoredJob, startAttempt } from './job-store';
import type { ActivityRecord, ContentToSave } from './tool-definition';

/**
 * One delivery of a job's message, as the text engine (run-job.ts) and the media engine
 * (functions/media/media-job.ts) both run it. Safe to run again for the same job: a finished job is only
 * settled; a job whose tool is gone fails; otherwise the engine's `run` does the work, and a failure is
 * retried on a later delivery while it may pass, or fails the job with a message the user can act on.
 * Every delivery that finishes its job ends with the job's accounting (settle-job.ts).
 */
export interface JobDelivery<Tool> {
  readonly jobId: string;
  /** SQS's receive count of the message: the attempt's number. */
  readonly receiveCount: number;
  findTool(name: string): Promise<Tool | undefined>;
  run(job: StoredJob, tool: Tool): Promise<void>;
  /** The log line of a failed attempt. */
  readonly failedAttemptLog: string;
  /** What the engine also notes of a failed attempt (the text engine counts its provider calls). */
  onFailedAttempt?(job: StoredJob, error: unknown): void;
}

export async function deliverJob<Tool>(delivery: JobDelivery<Tool>): Promise<RunOutcome> {
  const { jobId } = delivery;
  const job = await startAttempt(jobId);
  // Finished already (a delivery that crashed after finishing it, or a duplicate): only its accounting
  // may be left to do.
  if (!job) return settleAfterRun(jobId, DONE, RETRY);
  const tool = await delivery.findTool(job.tool);
  if (!tool) {
    await finishJob(jobId, { status: 'failed', error: `Unknown tool "${job.tool}"` });
    return settleAfterRun(jobId, DONE, RETRY);
  }
  return settleAfterRun(jobId, await attempt(delivery, job, tool), RETRY);
}

async function attempt<Tool>(delivery: JobDelivery<Tool>, job: StoredJob, tool: Tool): Promise<RunOutcome> {
  const { jobId, receiveCount } = delivery;
  try {
    await delivery.run(job, tool);
    return DONE;
  } catch (error) {
    const message = userMessage(error);
    const retryable = isRetryable(error);
    logger.warn(delivery.failedAttemptLog, { jobId, tool: job.tool, receiveCount, retryable, error });
    delivery.onFailedAttempt?.(job, error);
    if (retryable && receiveCount < MAX_ATTEMPTS) {
      await noteRetry(jobId, message);
      await notifyUser(job.userId, {
        type: 'job.retrying',
        jobId,
        tool: job.tool,
        error: message,
        attempt: receiveCount,
      });
      return retryLater(error);
    }
    await finishJob(jobId, { status: 'failed', error: message });
    await notifyUser(job.userId, { type: 'job.failed', jobId, tool: job.tool, error: message });
    // A retryable failure on its last attempt is still reported, so SQS moves the message to the DLQ.
    return retryable ? retryLater(error) : DONE;
  }
}

/** The library item a job saved, as its result names it. */
export interface SavedJobContent {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
}

/** Saves a job's result to its client's library under the job's id, so a repeated delivery saves it once. */
export async function saveJobContent(
  job: StoredJob,
  client: Pick<Client, 'id' | 'name'>,
  toSave: ContentToSave,
  servedBy: string,
): Promise<SavedJobContent> {
  const saved = await saveContentOnce({
    contentId: job.id,
    clientId: client.id,
    createdBy: job.userId,
    createdByEmail: job.userEmail,
    title: toSave.title,
    content: toSave.content,
    html_content: toSave.htmlContent,
    content_type: toSave.contentType,
    metadata: { ...toSave.metadata, provider: servedBy },
  });
  return { id: saved.content.id, clientId: client.id, clientName: client.name };
}

/** The job's activity, keyed on the job (recorded once), about the saved item when there is one. */
export async function recordJobActivity(
  caller: Caller,
  job: StoredJob,
  activity: ActivityRecord,
  servedBy: string,
  savedContentId: string | null,
): Promise<void> {
  await recordActivity(caller, {
    id: job.id,
    action: activity.action,
    resourceType: activity.resourceType,
    resourceId: savedContentId ?? job.id,
    details: { ...activity.details, provider: servedBy },
    userAgent: job.userAgent,
  });
}

/**
 * Stores the job as succeeded and tells the requester's tabs through `send`: the finished job itself
 * when it fits in one WebSocket message, else a pointer the browser fetches.
 */
export async function finishSucceededJob(
  job: StoredJob,
  outcome: {
    readonly result: Record<string, unknown>;
    readonly servedBy: string;
    readonly savedContentId: string | null;
  },
  send: (event: ServerEvent) => Promise<unknown>,
): Promise<void> {
  const { result, servedBy, savedContentId } = outcome;
  await finishJob(job.id, { status: 'succeeded', result, servedBy, savedContentId });
  await send(
    jobSucceededEvent(job.id, job.tool, {
      ...publicJob(job),
      status: 'succeeded',
      progress: 100,
      result,
      servedBy,
      savedContentId,
    }),
  );
}
