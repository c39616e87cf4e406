import { authorizeClient } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { wordpressPostInputSchema } from '#shared/wordpress';
import { connectWordPress } from './wordpress-connection';
import { publishContent, publishingContext } from './wordpress-publishing';

/** POST /api/clients/{clientId}/wordpress/posts: publishes a library item → `{id, link, status}`. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: wordpressPostInputSchema,
  handle: async ({ caller, access, body, userAgent }) => {
    const { record, site } = await connectWordPress(access);
    const { content } = await authorizeContent(caller, record.clientId, body.contentId);
    const published = await publishContent(publishingContext(caller, record, site, userAgent), content, body);
    return new HttpResult(201, published);
  },
});
