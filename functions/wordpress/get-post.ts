import { httpHandler } from '#functions/commons/http-handler';
import { postIdParam } from './post-id';
import { authorizeWordPress } from './wordpress-connection';

/**
 * GET /api/clients/{clientId}/wordpress/posts/{postId}: the post as WordPress keeps it now (raw title
 * and content, categories, status, date), so the Editor starts an edit from what was published.
 */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const postId = postIdParam(params.postId);
    const { site } = await authorizeWordPress(caller, params.clientId ?? '');
    return site.getPost(postId);
  },
});
