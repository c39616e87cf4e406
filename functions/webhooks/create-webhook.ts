import { ConflictError } from '#functions/commons/errors';
import { HttpResult } from '#functions/commons/http-handler';
import { sealedIdempotentHandler } from '#functions/idempotency/sealed-idempotent-handler';
import { createWebhookRequestSchema } from '#shared/webhook-schemas';
import { MAX_WEBHOOKS_PER_USER, WEBHOOK_MESSAGES } from '#shared/webhooks';
import { listWebhooks, newWebhookSecret, putWebhook, toWebhookView } from './webhook-store';
import { checkWebhookUrl } from './webhook-url';

/**
 * POST /api/webhooks: a new endpoint of the caller's, with its signing secret in this reply only (it is
 * stored sealed, like a WordPress password). The address is checked first: https, and never private.
 */
/** KMS loads with the first endpoint registered, out of the keys' routes' cold start. */
async function sealSecret(secret: string): Promise<string> {
  const { encryptSecret } = await import('#functions/clients/password-cipher');
  return encryptSecret(secret, 'webhook_secret');
}

export const handler = sealedIdempotentHandler({
  body: createWebhookRequestSchema,
  handle: async ({ caller, body }) => {
    const url = await checkWebhookUrl(body.url);
    if ((await listWebhooks(caller.userId)).length >= MAX_WEBHOOKS_PER_USER) {
      throw new ConflictError(WEBHOOK_MESSAGES.tooMany, 'too_many_webhooks');
    }
    const secret = newWebhookSecret();
    const record = await putWebhook({
      userId: caller.userId,
      url,
      events: body.events,
      secretCipher: await sealSecret(secret),
      apiKeyId: caller.apiKeyId,
      now: new Date(),
    });
    return new HttpResult(201, { ...toWebhookView(record), secret });
  },
});
