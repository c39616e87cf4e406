import { httpHandler } from '#functions/commons/http-handler';
import { requireOwnWebhook } from './webhook-access';
import { deleteWebhook } from './webhook-store';

/** DELETE /api/webhooks/{webhookId}: no event is sent to it from now on; queued attempts stand down. */
export const handler = httpHandler({
  access: ({ caller, params }) => requireOwnWebhook(caller, params.webhookId ?? ''),
  handle: async ({ access: webhook }) => {
    await deleteWebhook(webhook);
    return undefined;
  },
});
