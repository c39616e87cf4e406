import { httpHandler } from '#functions/commons/http-handler';
import { authorizeReview } from './review-access';
import { revokeItemReview } from './review-service';

/**
 * DELETE /api/clients/{clientId}/content/{contentId}/reviews/{reviewId}: revokes the link (its page then
 * answers like an unknown one) → the item, Draft again if no other link is open.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeReview(caller, params),
  handle: async ({ caller, access: { record, content, review }, userAgent }) =>
    revokeItemReview(caller, { client: record, userAgent }, content, review),
});
