import { httpHandler } from '#functions/commons/http-handler';
import { assertApiKeyAction, findVisibleApiKey } from './api-key-access';
import { deleteApiKey } from './api-key-store';

/** DELETE /api/api-keys/{keyId}: the owner only; the key stops working at once. */
export const handler = httpHandler({
  access: ({ caller, params }) => findVisibleApiKey(caller, params.keyId ?? ''),
  handle: async ({ caller, access: key }) => {
    assertApiKeyAction(caller, key, 'delete');
    await deleteApiKey(key.keyHash);
    return undefined;
  },
});
