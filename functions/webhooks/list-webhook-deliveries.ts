import { httpHandler } from '#functions/commons/http-handler';
import { requireOwnWebhook } from './webhook-access';
import { listDeliveries, toDeliveryView } from './webhook-store';

/** GET /api/webhooks/{webhookId}/deliveries: the endpoint's newest deliveries, newest first. */
export const handler = httpHandler({
  access: ({ caller, params }) => requireOwnWebhook(caller, params.webhookId ?? ''),
  handle: async ({ access: webhook }) => ({
    deliveries: (await listDeliveries(webhook.webhookId)).map(toDeliveryView),
  }),
});
