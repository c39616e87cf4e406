import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { createApiKeyRequestSchema } from '#shared/api-key-schemas';
import { createApiKey } from './api-key-store';

/** POST /api/api-keys: the only answer that carries the whole key. Login tokens only (route kind user). */
export const handler = httpHandler({
  body: createApiKeyRequestSchema,
  handle: async ({ caller, body }) => new HttpResult(201, await createApiKey(caller, body.name)),
});
