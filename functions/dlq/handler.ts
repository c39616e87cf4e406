import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { MAX_RECEIVE_COUNT } from '#contract/queue-timing';
import { logger } from '#functions/commons/logger';
import { parseJobMessage } from '#functions/generation/job-message';
import { failUnfinishedJob, getJob } from '#functions/generation/job-store';
import { settleJob } from '#functions/usage/settle-job';
import { notifyUser } from '#functions/websocket/notifier';

/**
 * Consumes both dead-letter queues (text and media jobs). A message lands there when its job could not
 * finish in MAX_RECEIVE_COUNT deliveries; usually the worker has already marked the job failed, but a
 * worker that timed out, ran out of memory or crashed on its last delivery left it queued or running.
 * Such a job is failed here, with its last known reason, and its user is told over the WebSocket, so no
 * job spins forever in a browser. Messages stay in the DLQ's 14-day retention only when this fails.
 */

export function deadLetterMessage(lastError: string | null): string {
  const base = `Generation did not finish after ${MAX_RECEIVE_COUNT} attempts. Please try again.`;
  return lastError ? `${base} Last error: ${lastError}` : base;
}

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    // Text and media messages both carry the job id (media ones also a key, which is never read here).
    const message = parseJobMessage(record.body);
    if (!message) {
      logger.error('Dropping a malformed dead letter', { messageId: record.messageId });
      continue;
    }
    try {
      const before = await getJob(message.jobId);
      if (!before) continue;
      if (before.status === 'succeeded' || before.status === 'failed') {
        // Finished, perhaps without its accounting (a crash on its last delivery): settle it.
        await settleJob(message.jobId);
        continue;
      }
      const failed = await failUnfinishedJob(message.jobId, deadLetterMessage(before.error));
      if (!failed) continue;
      await settleJob(failed.id);
      logger.warn('Failed a job from the dead-letter queue', { jobId: failed.id, tool: failed.tool });
      await notifyUser(failed.userId, {
        type: 'job.failed',
        jobId: failed.id,
        tool: failed.tool,
        error: failed.error,
      });
    } catch (error) {
      logger.error('Could not fail a dead-lettered job', { jobId: message.jobId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
