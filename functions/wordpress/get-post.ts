import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { postIdParam } from './post-id';
import { connectWordPress } from './wordpress-connection';

/**
 * GET /api/clients/{clientId}/wordpress/posts/{postId}: the post as WordPress keeps it now (raw title
 * and content, categories, status, date), so the Editor starts an edit from what was published.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access, params }) => {
    const postId = postIdParam(params.postId);
    const { site } = await connectWordPress(access);
    return site.getPost(postId);
  },
});
