import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { requireEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import { readableStack } from '#functions/commons/readable-stack';
import type { RunOutcome } from '#functions/generation/job-attempt';
import { jobDeadline } from '#functions/generation/job-deadline';
import { parseJobMessage } from '#functions/generation/job-message';
import { runJob } from '#functions/generation/run-job';
import { retryAfterBackoff } from './message-visibility';

/**
 * The queue worker. Each record is one job; a record whose job should be tried again gets the retry
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
