import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';

export interface JobMessage {
  jobId: string;
}

export async function enqueueJob(jobId: string): Promise<void> {
  const message: JobMessage = { jobId };
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv('jobsQueueUrl'), MessageBody: JSON.stringify(message) }),
  );
}

export function parseJobMessage(body: string): JobMessage | null {
  try {
    const parsed = JSON.parse(body) as Partial<JobMessage>;
    return typeof parsed.jobId === 'string' && parsed.jobId.length > 0 ? { jobId: parsed.jobId } : null;
  } catch {
    return null;
  }
}
