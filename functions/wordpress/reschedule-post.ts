import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { rescheduleSchema } from '#shared/calendar';
import { postIdParam } from './post-id';
import { connectWordPress } from './wordpress-connection';
import { publishingContext, reschedulePublished } from './wordpress-publishing';

/**
 * POST /api/clients/{clientId}/wordpress/posts/{postId}/reschedule `{contentId, date}`: the calendar's drag
 * of a scheduled post to another day; only the post's date changes on WordPress
 * (docs/decisions.md, "Versions, review and approval, and the content calendar").
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: rescheduleSchema,
  handle: async ({ caller, access, params, body, userAgent }) => {
    const postId = postIdParam(params.postId);
    const { record, site } = await connectWordPress(access);
    const { content } = await authorizeContent(caller, record.clientId, body.contentId);
    return reschedulePublished(publishingContext(caller, record, site, userAgent), content, postId, body);
  },
});
