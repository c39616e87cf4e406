import type { WebhookDeliveryType, WebhookPayload } from '#shared/webhooks';
import { enqueueAttempt } from './webhook-queue';
import { listWebhooks, putDelivery, type WebhookRecord } from './webhook-store';

/** The body every attempt of a delivery sends, byte for byte. */
export function payloadOf(type: WebhookDeliveryType, data: unknown, now: Date): string {
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
  return JSON.stringify(payload);
}

/** One delivery to one endpoint, its first attempt queued at once. */
export async function startDelivery(
  webhook: Pick<WebhookRecord, 'userId' | 'webhookId'>,
  type: WebhookDeliveryType,
  data: unknown,
  now: Date,
) {
  const delivery = await putDelivery({ webhook, type, payload: payloadOf(type, data, now), now });
  await enqueueAttempt(
    {
      webhookId: delivery.webhookId,
      deliveryId: delivery.deliveryId,
      round: 0,
      attempt: 0,
      dueAt: now.toISOString(),
    },
    now,
  );
  return delivery;
}

/** A delivery to each of the user's endpoints that listens for the event. */
export async function fanOutEvent(
  userId: string,
  type: WebhookDeliveryType,
  data: unknown,
  now: Date,
): Promise<void> {
  const endpoints = (await listWebhooks(userId)).filter((webhook) => webhook.events.includes(type));
  await Promise.all(endpoints.map((webhook) => startDelivery(webhook, type, data, now)));
}
