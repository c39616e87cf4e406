import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { WORDPRESS_POSTS_PER_PAGE } from '#shared/wordpress';
import { connectWordPress } from './wordpress-connection';

/** GET /api/clients/{clientId}/wordpress/posts?page=: one page of the site's posts (Published Posts tab). */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access, query }) => {
    const { site } = await connectWordPress(access);
    const page = Math.max(1, Math.min(10_000, Math.trunc(Number(query.page ?? '1')) || 1));
    return site.listPosts(page, WORDPRESS_POSTS_PER_PAGE);
  },
});
