import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from './authorize-content';
import { deleteContentRecoverably } from './content-trash';

/** DELETE /api/clients/{clientId}/content/{contentId}: immediate, undone by POST .../restore. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  handle: async ({ caller, access: { content } }) => {
    await deleteContentRecoverably(caller, content);
  },
});
