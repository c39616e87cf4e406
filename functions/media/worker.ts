import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#functions/commons/logger';
import { runMediaJob } from './media-job';
import { parseMediaJobMessage } from './media-queue';
import { findMediaTool } from './media-tools';

/**
 * The media worker (image and speech jobs), fed by its own queue. It is the only function that loads
 * sharp, espeak-ng and lamejs, so the text worker and the API handlers stay small (DESIGN.md §6, §7).
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseMediaJobMessage(record.body);
    if (!message) {
      logger.error('Dropping a malformed media job message', { messageId: record.messageId });
      continue;
    }
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    const outcome = await runMediaJob(message.jobId, receiveCount, findMediaTool, message.userApiKey).catch(
      (error: unknown) => {
        logger.error('Media job crashed', { jobId: message.jobId, error });
        return 'retry' as const;
      },
    );
    if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};
