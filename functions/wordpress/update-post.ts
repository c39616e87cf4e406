import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { wordpressPostInputSchema } from '#shared/wordpress';
import { postIdParam } from './post-id';
import { authorizeWordPress } from './wordpress-connection';
import { updatePublished } from './wordpress-publishing';

/** PUT /api/clients/{clientId}/wordpress/posts/{postId}: updates the post a library item is linked to. */
export const handler = httpHandler({
  body: wordpressPostInputSchema,
  handle: async ({ caller, params, body, userAgent }) => {
    const postId = postIdParam(params.postId);
    const { record, site } = await authorizeWordPress(caller, params.clientId ?? '');
    const { content } = await authorizeContent(caller, record.clientId, body.contentId);
    return updatePublished({ caller, clientName: record.name, site, userAgent }, content, postId, body);
  },
});
