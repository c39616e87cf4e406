import { reviewDecisionSchema } from '#shared/reviews';
import { publicReviewHandler } from './public-review-handler';
import { decide } from './review-service';

/**
 * POST /api/reviews/{token}/decision `{decision, comment?}` (no credentials): Approve, or Request changes
 * with a comment, on the version the link shows. 409 when the item is no longer waiting for a decision
 * on it (the editor changed it since, or it was published).
 */
export const handler = publicReviewHandler({
  body: reviewDecisionSchema,
  handle: async ({ review, content, client, body, userAgent }) => {
    const decided = await decide({ kind: 'reviewer', review }, { client, userAgent }, content, body);
    // The reviewer learns the new status and their decision, not the item's other fields.
    return { status: decided.content.status, comment: decided.comment };
  },
});
