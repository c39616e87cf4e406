import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { restoreContent } from './content-trash';

/** POST /api/clients/{clientId}/content/{contentId}/restore: for anyone who may see the client. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const { record } = await authorizeClient(caller, params.clientId ?? '');
    return restoreContent(record.clientId, params.contentId ?? '');
  },
});
