import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#functions/commons/logger';
import { parseJobMessage } from '#functions/generation/job-queue';
import { runJob } from '#functions/generation/run-job';

/**
 * The queue worker. Each record is one job; a record whose job should be tried again is reported as a
 * batch item failure, so SQS redelivers it after the visibility timeout and, after three receives,
 * moves it to the DLQ.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseJobMessage(record.body);
    if (!message) {
      logger.error('Dropping a malformed job message', { messageId: record.messageId });
      continue;
    }
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    const outcome = await runJob(message.jobId, receiveCount).catch((error: unknown) => {
      logger.error('Job crashed', { jobId: message.jobId, error });
      return 'retry' as const;
    });
    if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};
