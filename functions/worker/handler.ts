import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { requireEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import { readableStack } from '#functions/commons/readable-stack';
import type { RunOutcome } from '#functions/generation/job-attempt';
import { jobDeadline } from '#functions/generation/job-deadline';
import { parseJobMessage } from '#functions/generation/job-message';
import { runJob } from '#functions/generation/run-job';
import { parseWebhookMessage, type WebhookMessage } from '#functions/webhooks/webhook-message';
import { retryAfterBackoff } from './message-visibility';

/**
 * A webhook attempt (functions/webhooks/deliver-webhook.ts, loaded on the first one). False when the
 * table, the key or the queue failed: the message comes back after the backoff and is tried again.
 */
async function attemptWebhook(message: WebhookMessage): Promise<boolean> {
  try {
    const { deliverWebhook } = await import('#functions/webhooks/deliver-webhook');
    await deliverWebhook(message);
    return true;
  } catch (error) {
    logger.error('A webhook attempt could not run', { deliveryId: message.deliveryId, error });
    return false;
  }
}

/**
 * The queue worker. Each record is one job or one webhook attempt; a job's record whose job should be tried again gets the retry
 * backoff as its visibility (seconds, not the queue's 30 minutes) and is reported as a batch item
 * failure, so SQS redelivers it then and, after three receives, moves it to the DLQ. The job stops at
 * the invocation's deadline, so a slow provider ends in a retry or a failure, never in a timeout.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const deadline = jobDeadline(context);
  try {
    for (const record of event.Records) {
      const message = parseJobMessage(record.body);
      if (!message) {
        const webhook = parseWebhookMessage(record.body);
        if (webhook) {
          if (!(await attemptWebhook(webhook))) {
            await retryAfterBackoff(requireEnv('jobsQueueUrl'), record, undefined);
            batchItemFailures.push({ itemIdentifier: record.messageId });
          }
          continue;
        }
        logger.error('Dropping a malformed job message', { messageId: record.messageId });
        continue;
      }
      const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
      const outcome = await runJob(message.jobId, receiveCount, deadline.signal).catch(
        (error: unknown): RunOutcome => {
          logger.error('Job crashed', { jobId: message.jobId, error, stack: readableStack(error) });
          return { kind: 'retry' };
        },
      );
      if (outcome.kind === 'retry') {
        await retryAfterBackoff(requireEnv('jobsQueueUrl'), record, outcome.retryAfterMs);
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
  } finally {
    deadline.dispose();
  }
  return { batchItemFailures };
};
