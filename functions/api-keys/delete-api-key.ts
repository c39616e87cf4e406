import { httpHandler } from '#functions/commons/http-handler';
import { requireApiKeyAction } from './api-key-access';
import { deleteApiKey } from './api-key-store';

/** DELETE /api/api-keys/{keyId}: the owner only; the key stops working at once. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const key = await requireApiKeyAction(caller, params.keyId ?? '', 'delete');
    await deleteApiKey(key.keyHash);
    return undefined;
  },
});
