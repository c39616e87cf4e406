import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from './authorize-content';
import { toClientContent } from './content-record';

/** GET /api/clients/{clientId}/content/{contentId} */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const { content } = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
    return toClientContent(content);
  },
});
