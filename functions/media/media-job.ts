import { recordActivity } from '#functions/activities/activity-log';
import { requireClientAccess } from '#functions/clients/client-access';
import { logger } from '#functions/commons/logger';
import { saveContentOnce } from '#functions/content/content-saves';
import {
  callerOf,
  DONE,
  isRetryable,
  MAX_ATTEMPTS,
  RETRY,
  type RunOutcome,
  retryLater,
  userMessage,
} from '#functions/generation/job-attempt';
import { settledBefore } from '#functions/generation/job-deadline';
import {
  finishJob,
  noteRetry,
  publicJob,
  type StoredJob,
  saveAttemptUsage,
  saveProgress,
  startAttempt,
} from '#functions/generation/job-store';
import { settleAfterRun } from '#functions/usage/settle-job';
import { jobSucceededEvent, notifyUser } from '#functions/websocket/notifier';
import type { MediaRetention } from '#shared/media';
import { putMedia } from './media-store';
import type { MediaJobContext, RegisteredMediaTool } from './media-tool';
import { UsageMeter } from './usage-meter';

/**
 * Runs one media job from its stored request to a stored result, like the text engine (run-job.ts):
 * safe to run again (a finished job is skipped, the save and the activity are keyed on the job id), a
 * retryable failure goes back to the queue, anything else fails the job with a message a user can act on.
 */

const SAVE_PROGRESS_INTERVAL_MS = 1000;

async function generate(
  job: StoredJob,
  tool: RegisteredMediaTool,
  userApiKey: string | undefined,
  signal: AbortSignal,
) {
  const caller = callerOf(job);
  const input = tool.requestSchema.parse(job.request);
  const clientId = tool.clientId(input);
  const client = clientId ? await requireClientAccess(caller, clientId) : null;
  const retention: MediaRetention = client && tool.savesToClient(input) ? 'saved' : 'job';
  let lastSave = 0;
  const context: MediaJobContext = {
    jobId: job.id,
    caller,
    client,
    now: new Date(job.createdAt),
    userApiKey,
    retention,
    signal,
    progress: async (done, total, status, partial) => {
      const progress = Math.min(99, Math.floor((100 * done) / Math.max(1, total)));
      await notifyUser(job.userId, {
        type: 'job.progress',
        jobId: job.id,
        tool: job.tool,
        progress,
        // The result so far only grows, so the page keeps the longest text it has seen.
        text: partial ? JSON.stringify(partial) : '',
        status,
      });
      const now = Date.now();
      if (now - lastSave >= SAVE_PROGRESS_INTERVAL_MS || done === 0) {
        lastSave = now;
        await saveProgress(job.id, progress);
      }
    },
    store: (fileName, bytes) => putMedia({ userId: job.userId, jobId: job.id, fileName }, bytes, retention),
    meter: (billing) => new UsageMeter(job, billing),
  };

  // Only the tool's run races the deadline: once it is done, recording the outcome fits in the margin.
  const outcome = await settledBefore(tool.run(input, context), signal);
  if (outcome.usage) {
    await saveAttemptUsage(job, {
      provider: outcome.servedBy,
      modelId: outcome.usage.modelId,
      measure: outcome.usage.measure,
      ownKey: outcome.usage.ownKey ?? false,
      ...(outcome.usage.estimated ? { estimated: true } : {}),
    });
  }
  const result: Record<string, unknown> = { ...outcome.result };
  let savedContentId: string | null = null;
  const toSave = client ? tool.contentToSave(input, outcome.result, context) : null;
  if (client && toSave) {
    const saved = await saveContentOnce({
      contentId: job.id,
      clientId: client.id,
      createdBy: job.userId,
      createdByEmail: job.userEmail,
      title: toSave.title,
      content: toSave.content,
      html_content: toSave.htmlContent,
      content_type: toSave.contentType,
      metadata: { ...toSave.metadata, provider: outcome.servedBy },
    });
    savedContentId = saved.content.id;
    result.savedContent = { id: saved.content.id, clientId: client.id, clientName: client.name };
  }

  const activity = tool.activity(input, outcome.result);
  await recordActivity(caller, {
    id: job.id,
    action: activity.action,
    resourceType: activity.resourceType,
    resourceId: savedContentId ?? job.id,
    details: { ...activity.details, provider: outcome.servedBy },
    userAgent: job.userAgent,
  });

  await finishJob(job.id, { status: 'succeeded', result, servedBy: outcome.servedBy, savedContentId });
  await notifyUser(
    job.userId,
    jobSucceededEvent(job.id, job.tool, {
      ...publicJob(job),
      status: 'succeeded',
      progress: 100,
      result,
      servedBy: outcome.servedBy,
      savedContentId,
    }),
  );
}

/**
 * `signal` aborts at the invocation's deadline (functions/generation/job-deadline.ts), like the text
 * worker's: the job is then retried or failed with a message that says so, instead of being cut off by
 * the Lambda timeout while 'running'.
 */
export async function runMediaJob(
  jobId: string,
  receiveCount: number,
  findTool: (name: string) => Promise<RegisteredMediaTool | undefined>,
  userApiKey?: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunOutcome> {
  const job = await startAttempt(jobId);
  // Finished already: only its accounting may be left to do (settle-job.ts).
  if (!job) return settleAfterRun(jobId, DONE, RETRY);
  const tool = await findTool(job.tool);
  if (!tool) {
    await finishJob(jobId, { status: 'failed', error: `Unknown tool "${job.tool}"` });
    return settleAfterRun(jobId, DONE, RETRY);
  }
  return settleAfterRun(jobId, await attempt(job, tool, receiveCount, userApiKey, signal), RETRY);
}

async function attempt(
  job: StoredJob,
  tool: RegisteredMediaTool,
  receiveCount: number,
  userApiKey: string | undefined,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const jobId = job.id;
  try {
    await generate(job, tool, userApiKey, signal);
    return DONE;
  } catch (error) {
    const message = userMessage(error);
    const retryable = isRetryable(error);
    logger.warn('Media job attempt failed', { jobId, tool: job.tool, receiveCount, retryable, error });
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
    return retryable ? retryLater(error) : DONE;
  }
}
