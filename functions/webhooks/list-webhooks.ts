import { httpHandler } from '#functions/commons/http-handler';
import { listWebhooks, toWebhookView } from './webhook-store';

/** GET /api/webhooks: the caller's endpoints, oldest first, with their last delivery; never a secret. */
export const handler = httpHandler({
  handle: async ({ caller }) => ({ webhooks: (await listWebhooks(caller.userId)).map(toWebhookView) }),
});
