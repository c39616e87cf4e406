import { HttpResult } from '#functions/commons/http-wrap';
import { reviewCommentSchema } from '#shared/reviews';
import { toPublicComment } from './public-comment';
import { publicReviewHandler } from './public-review-handler';
import { addComment } from './review-service';

/** POST /api/reviews/{token}/comments `{text, quote?}` (no credentials): the reviewer's comment. */
export const handler = publicReviewHandler({
  body: reviewCommentSchema,
  handle: async ({ review, content, client, body, userAgent }) => {
    const comment = await addComment({ kind: 'reviewer', review }, { client, userAgent }, content, body);
    // The reviewer's own comment, in the review page's shape (no ids).
    return new HttpResult(201, toPublicComment(comment, null));
  },
});
