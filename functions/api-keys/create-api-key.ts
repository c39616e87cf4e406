import { BadRequestError } from '#functions/commons/errors';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { createApiKeyRequestSchema } from '#shared/api-key-schemas';
import { API_KEY_MESSAGES, API_KEY_SCOPES } from '#shared/api-keys';
import { createApiKey } from './api-key-store';

/**
 * POST /api/api-keys: the only answer that carries the whole key. Login tokens only (route kind user).
 * Without `scopes` the key has them all; without `expires_at` it never expires.
 */
export const handler = httpHandler({
  body: createApiKeyRequestSchema,
  handle: async ({ caller, body }) => {
    const now = new Date();
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) {
      throw new BadRequestError(API_KEY_MESSAGES.expiryPast, 'validation_failed');
    }
    const scopes = body.scopes ?? [...API_KEY_SCOPES];
    const created = await createApiKey(
      caller,
      { name: body.name, scopes, expiresAt: expiresAt?.toISOString() ?? null },
      now,
    );
    return new HttpResult(201, created);
  },
});
