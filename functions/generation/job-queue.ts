import { sendMessage } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';

import type { JobMessage } from './job-message';

export async function enqueueJob(jobId: string): Promise<void> {
  const message: JobMessage = { jobId };
  await sendMessage({ QueueUrl: requireEnv('jobsQueueUrl'), MessageBody: JSON.stringify(message) });
}
