import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { requireEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import { readableStack } from '#functions/commons/readable-stack';
import type { RunOutcome } from '#functions/generation/job-attempt';
import { jobDeadline } from '#functions/generation/job-deadline';
import { retryAfterBackoff } from '#functions/worker/message-visibility';
import { runMediaJob } from './media-job';
import { parseMediaJobMessage } from './media-queue';
import { findMediaTool } from './media-tools';

/**
 * The media worker (image and speech jobs), fed by its own queue. It is the only function that loads
 * sharp, espeak-ng and lamejs, so the text worker and the API handlers stay small (docs/architecture.md, "Budgets", "Media, publishing and integrators").
 * A job to be tried again comes back after the retry backoff, not the queue's visibility timeout. The
 * job stops at the invocation's deadline (the text worker's job-deadline.ts), so a slow provider ends in
 * a retry or a failure with a message, never in a timeout that leaves the job 'running'.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const deadline = jobDeadline(context);
  try {
    for (const record of event.Records) {
      const message = parseMediaJobMessage(record.body);
      if (!message) {
        logger.error('Dropping a malformed media job message', { messageId: record.messageId });
        continue;
      }
      const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
      const outcome = await runMediaJob(
        message.jobId,
        receiveCount,
        findMediaTool,
        message.userApiKey,
        deadline.signal,
      ).catch((error: unknown): RunOutcome => {
        logger.error('Media job crashed', { jobId: message.jobId, error, stack: readableStack(error) });
        return { kind: 'retry' };
      });
      if (outcome.kind === 'retry') {
        await retryAfterBackoff(requireEnv('mediaJobsQueueUrl'), record, outcome.retryAfterMs);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
  } finally {
    deadline.dispose();
  }
  return { batchItemFailures };
};
