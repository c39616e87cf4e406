import { NotFoundError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { updateApiKeyRequestSchema } from '#shared/api-key-schemas';
import { assertApiKeyAction, findVisibleApiKey } from './api-key-access';
import { setApiKeyActive, toSummary } from './api-key-store';

/** PATCH /api/api-keys/{keyId} {is_active}: takes effect on the key's very next request. */
export const handler = httpHandler({
  access: ({ caller, params }) => findVisibleApiKey(caller, params.keyId ?? ''),
  body: updateApiKeyRequestSchema,
  handle: async ({ caller, access: key, body }) => {
    assertApiKeyAction(caller, key, body.is_active ? 'activate' : 'deactivate');
    const updated = await setApiKeyActive(key.keyHash, body.is_active);
    if (!updated) throw new NotFoundError('API key not found');
    return toSummary(updated);
  },
});
