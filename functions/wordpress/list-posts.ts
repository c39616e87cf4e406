import { httpHandler } from '#functions/commons/http-handler';
import { WORDPRESS_POSTS_PER_PAGE } from '#shared/wordpress';
import { authorizeWordPress } from './wordpress-connection';

/** GET /api/clients/{clientId}/wordpress/posts?page=: one page of the site's posts (Published Posts tab). */
export const handler = httpHandler({
  handle: async ({ caller, params, query }) => {
    const { site } = await authorizeWordPress(caller, params.clientId ?? '');
    const page = Math.max(1, Math.min(10_000, Math.trunc(Number(query.page ?? '1')) || 1));
    return site.listPosts(page, WORDPRESS_POSTS_PER_PAGE);
  },
});
