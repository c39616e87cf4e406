import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { MAX_RECEIVE_COUNT } from '#contract/queue-timing';
import { sqsClient } from '#functions/commons/clients/sqs';
import { logger } from '#functions/commons/logger';
import { retryDelaySeconds } from './retry-backoff';

/**
 * Makes a failed job's message visible again after the retry backoff instead of the queue's visibility
 * timeout. Called before the batch item failure is reported: once the invocation returns, the event
 * source mapping leaves the message as it is. If the call fails the message simply comes back later,
 * after the queue's own timeout, so the failure is logged and not thrown. On the last receive the
 * message is made visible at once, so SQS moves it to the DLQ now rather than after a backoff.
 */
export async function retryAfterBackoff(
  queueUrl: string,
  record: SQSRecord,
  retryAfterMs: number | undefined,
): Promise<number> {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
  // After the last receive the job is already marked failed: the message goes on to the DLQ at once.
  const seconds = receiveCount >= MAX_RECEIVE_COUNT ? 0 : retryDelaySeconds(receiveCount, retryAfterMs);
  try {
    await sqsClient().send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: seconds,
      }),
    );
  } catch (error) {
    logger.warn('Could not shorten the retry wait; the queue timeout applies', {
      messageId: record.messageId,
      error,
    });
  }
  return seconds;
}
