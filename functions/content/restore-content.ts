import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { restoreContent } from './content-trash';

/** POST /api/clients/{clientId}/content/{contentId}/restore: for anyone who may see the client. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access: { record }, params }) => restoreContent(record.clientId, params.contentId ?? ''),
});
