import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from './authorize-content';
import { toClientContent } from './content-record';

/** GET /api/clients/{clientId}/content/{contentId} */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  handle: async ({ access: { content } }) => toClientContent(content),
});
