import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';

import type { JobMessage } from './job-message';

export async function enqueueJob(jobId: string): Promise<void> {
  const message: JobMessage = { jobId };
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv('jobsQueueUrl'), MessageBody: JSON.stringify(message) }),
  );
}
