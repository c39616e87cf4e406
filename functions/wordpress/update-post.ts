import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { wordpressPostInputSchema } from '#shared/wordpress';
import { postIdParam } from './post-id';
import { connectWordPress } from './wordpress-connection';
import { publishingContext, updatePublished } from './wordpress-publishing';

/** PUT /api/clients/{clientId}/wordpress/posts/{postId}: updates the post a library item is linked to. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: wordpressPostInputSchema,
  handle: async ({ caller, access, params, body, userAgent }) => {
    const postId = postIdParam(params.postId);
    const { record, site } = await connectWordPress(access);
    const { content } = await authorizeContent(caller, record.clientId, body.contentId);
    return updatePublished(publishingContext(caller, record, site, userAgent), content, postId, body);
  },
});
