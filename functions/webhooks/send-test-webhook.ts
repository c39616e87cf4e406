import { HttpResult } from '#functions/commons/http-handler';
import { idempotentHandler } from '#functions/idempotency/idempotent-handler';
import { WEBHOOK_TEST_EVENT } from '#shared/webhooks';
import { requireOwnWebhook } from './webhook-access';
import { toDeliveryView } from './webhook-store';

/**
 * POST /api/webhooks/{webhookId}/test: a `webhook.test` delivery to the endpoint, signed and retried like
 * any event, whatever it subscribes to. Answers the delivery (pending: the worker sends it).
 */
export const handler = idempotentHandler({
  access: ({ caller, params }) => requireOwnWebhook(caller, params.webhookId ?? ''),
  handle: async ({ access: webhook }) => {
    const now = new Date();
    // SQS loads with the first test event or redelivery, out of the keys' routes' cold start.
    const { startDelivery } = await import('./webhook-fanout');
    const data = { webhookId: webhook.webhookId, message: 'A test event from LBM Studio' };
    return new HttpResult(202, toDeliveryView(await startDelivery(webhook, WEBHOOK_TEST_EVENT, data, now)));
  },
});
