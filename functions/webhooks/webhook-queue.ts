import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';
import type { WebhookMessage } from './webhook-message';

/** SQS delays a message at most this long; a later attempt is delayed again when it comes early. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** Queues an attempt, delayed until it is due (or by 15 minutes, the most SQS allows). */
export async function enqueueAttempt(message: Omit<WebhookMessage, 'kind'>, now = new Date()): Promise<void> {
  const waitSeconds = Math.ceil((Date.parse(message.dueAt) - now.getTime()) / 1000);
  const body: WebhookMessage = { kind: 'webhook', ...message };
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: requireEnv('jobsQueueUrl'),
      MessageBody: JSON.stringify(body),
      DelaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, waitSeconds)),
    }),
  );
}
