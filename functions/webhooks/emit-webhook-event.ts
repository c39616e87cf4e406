import { logger } from '#functions/commons/logger';
import type { WebhookEvent, WebhookEventData } from '#shared/webhooks';

/**
 * Tells a user's webhook endpoints that something happened (docs/architecture.md, "Webhooks"). Best
 * effort, like the review loop's notices: an event that cannot be queued is logged and never fails the
 * job, decision or publish that caused it. The fan-out (the endpoints' Query, the deliveries' puts, the
 * queue) loads on the first event, out of the emitters' cold start.
 */
export async function emitWebhookEvent<Type extends WebhookEvent>(
  userId: string,
  type: Type,
  data: WebhookEventData[Type],
  now = new Date(),
): Promise<void> {
  try {
    const { fanOutEvent } = await import('./webhook-fanout');
    await fanOutEvent(userId, type, data, now);
  } catch (error) {
    logger.warn('Could not queue a webhook event', { type, userId, error });
  }
}
