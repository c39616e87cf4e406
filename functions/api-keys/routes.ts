import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createWebhook } from '#functions/webhooks/create-webhook';
import { handler as deleteWebhook } from '#functions/webhooks/delete-webhook';
import { handler as listWebhookDeliveries } from '#functions/webhooks/list-webhook-deliveries';
import { handler as listWebhooks } from '#functions/webhooks/list-webhooks';
import { handler as redeliverWebhook } from '#functions/webhooks/redeliver-webhook';
import { handler as sendTestWebhook } from '#functions/webhooks/send-test-webhook';
import { handler as createApiKey } from './create-api-key';
import { handler as deleteApiKey } from './delete-api-key';
import { handler as listApiKeys } from './list-api-keys';
import { handler as updateApiKey } from './update-api-key';

/** The ApiKeys function: /api/api-keys[/{keyId}] and /api/webhooks[/…] (contract/routes.ts). */
export const handler = dispatchRoutes('ApiKeys', {
  ListApiKeys: listApiKeys,
  CreateApiKey: createApiKey,
  UpdateApiKey: updateApiKey,
  DeleteApiKey: deleteApiKey,
  ListWebhooks: listWebhooks,
  CreateWebhook: createWebhook,
  DeleteWebhook: deleteWebhook,
  ListWebhookDeliveries: listWebhookDeliveries,
  SendTestWebhook: sendTestWebhook,
  RedeliverWebhook: redeliverWebhook,
});
