import { httpHandler } from '#functions/commons/http-handler';
import { updateContentSchema } from '#shared/content';
import { authorizeContent } from './authorize-content';
import { updateContent } from './content-store';

/** PUT /api/clients/{clientId}/content/{contentId}: the library's Edit dialog; sets a new `updated_at`. */
export const handler = httpHandler({
  body: updateContentSchema,
  handle: async ({ caller, params, body }) => {
    const { content } = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
    return updateContent(content, body);
  },
});
