import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from './authorize-content';
import { deleteContentRecoverably } from './content-trash';

/** DELETE /api/clients/{clientId}/content/{contentId}: immediate, undone by POST .../restore. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const { content } = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
    await deleteContentRecoverably(caller, content);
  },
});
