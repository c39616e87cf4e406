import { requireClientAccess } from '#functions/clients/client-access';
import { callerOf, type RunOutcome } from '#functions/generation/job-attempt';
import { settledBefore } from '#functions/generation/job-deadline';
import {
  deliverJob,
  finishSucceededJob,
  recordJobActivity,
  saveJobContent,
} from '#functions/generation/job-delivery';
import { type StoredJob, saveAttemptUsage, saveProgress } from '#functions/generation/job-store';
import { notifyUser } from '#functions/websocket/notifier';
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
    const saved = await saveJobContent(job, client, toSave, outcome.servedBy);
    savedContentId = saved.id;
    result.savedContent = saved;
  }

  const activity = tool.activity(input, outcome.result);
  await recordJobActivity(caller, job, activity, outcome.servedBy, savedContentId);

  await finishSucceededJob(job, { result, servedBy: outcome.servedBy, savedContentId }, (event) =>
    notifyUser(job.userId, event),
  );
}

/**
 * `signal` aborts at the invocation's deadline (functions/generation/job-deadline.ts), like the text
 * worker's: the job is then retried or failed with a message that says so, instead of being cut off by
 * the Lambda timeout while 'running'.
 */
export function runMediaJob(
  jobId: string,
  receiveCount: number,
  findTool: (name: string) => Promise<RegisteredMediaTool | undefined>,
  userApiKey?: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunOutcome> {
  return deliverJob({
    jobId,
    receiveCount,
    findTool,
    run: (job, tool) => generate(job, tool, userApiKey, signal),
    failedAttemptLog: 'Media job attempt failed',
  });
}
