import { HttpResult } from '#functions/commons/http-handler';
import { idempotentHandler } from '#functions/idempotency/idempotent-handler';
import { requireDelivery, requireOwnWebhook } from './webhook-access';
import { restartDelivery, toDeliveryView } from './webhook-store';

/**
 * POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: the same delivery (same id, same
 * body, so a receiver that keeps ids sees a repeat) tried again from the start of the schedule, whatever
 * became of it. An attempt of the earlier round still queued stands down.
 */
export const handler = idempotentHandler({
  access: async ({ caller, params }) =>
    requireDelivery(await requireOwnWebhook(caller, params.webhookId ?? ''), params.deliveryId ?? ''),
  handle: async ({ access: delivery }) => {
    const now = new Date();
    const restarted = await restartDelivery(delivery, now);
    // SQS loads with the first redelivery or test event, out of the keys' routes' cold start.
    const { enqueueAttempt } = await import('./webhook-queue');
    await enqueueAttempt(
      {
        webhookId: delivery.webhookId,
        deliveryId: delivery.deliveryId,
        round: restarted.round,
        attempt: 0,
        dueAt: now.toISOString(),
      },
      now,
    );
    return new HttpResult(202, toDeliveryView(restarted));
  },
});
