import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { reviewCommentSchema } from '#shared/reviews';
import { addComment } from './review-service';

/**
 * POST /api/clients/{clientId}/content/{contentId}/comments `{text, quote?}`: a colleague's comment from
 * the review panel; it goes on the newest open link, whose reviewer then sees it.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: reviewCommentSchema,
  handle: async ({ caller, access: { record, content }, body, userAgent }) =>
    new HttpResult(
      201,
      await addComment({ kind: 'staff', caller }, { client: record, userAgent }, content, body),
    ),
});
