import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';

/**
 * The media jobs queue (image and speech jobs), consumed by the media worker. A message may carry the
 * user's own provider key for that one job: it travels in the (encrypted, short-lived) message instead
 * of the job item, so it is never written to the table or the logs.
 */
export interface MediaJobMessage {
  readonly jobId: string;
  readonly userApiKey?: string;
}

export async function enqueueMediaJob(message: MediaJobMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: requireEnv('mediaJobsQueueUrl'),
      MessageBody: JSON.stringify(message),
    }),
  );
}

export function parseMediaJobMessage(body: string): MediaJobMessage | null {
  try {
    const parsed = JSON.parse(body) as Partial<MediaJobMessage>;
    if (typeof parsed.jobId !== 'string' || parsed.jobId.length === 0) return null;
    return typeof parsed.userApiKey === 'string' && parsed.userApiKey.length > 0
      ? { jobId: parsed.jobId, userApiKey: parsed.userApiKey }
      : { jobId: parsed.jobId };
  } catch {
    return null;
  }
}
