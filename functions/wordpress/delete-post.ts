import { authorizeClient } from '#functions/clients/client-access';
import { BadRequestError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { postIdParam } from './post-id';
import { connectWordPress } from './wordpress-connection';
import { deletePublished, publishingContext } from './wordpress-publishing';

/**
 * DELETE /api/clients/{clientId}/wordpress/posts/{postId}?contentId=: moves the post to WordPress's trash
 * and clears the item's link, so it is unpublished again.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ caller, access, params, query, userAgent }) => {
    const postId = postIdParam(params.postId);
    if (!query.contentId) throw new BadRequestError('contentId is required', 'validation_failed');
    const { record, site } = await connectWordPress(access);
    const { content } = await authorizeContent(caller, record.clientId, query.contentId);
    return deletePublished(publishingContext(caller, record, site, userAgent), content, postId);
  },
});
