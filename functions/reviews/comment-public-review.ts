import { HttpResult } from '#functions/commons/http-wrap';
import { reviewCommentSchema } from '#shared/reviews';
import { publicReviewHandler } from './public-review-handler';
import { addComment } from './review-service';

/** POST /api/reviews/{token}/comments `{text, quote?}` (no credentials): the reviewer's comment. */
export const handler = publicReviewHandler({
  body: reviewCommentSchema,
  handle: async ({ review, content, client, body, userAgent }) =>
    new HttpResult(201, await addComment({ kind: 'reviewer', review }, { client, userAgent }, content, body)),
});
