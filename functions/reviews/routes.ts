import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as commentContent } from './comment-content';
import { handler as commentPublicReview } from './comment-public-review';
import { handler as createReview } from './create-review';
import { handler as decideContent } from './decide-content';
import { handler as decidePublicReview } from './decide-public-review';
import { handler as getPublicReview } from './get-public-review';
import { handler as listReviews } from './list-reviews';
import { handler as revokeReview } from './revoke-review';

/**
 * The Reviews function (issue 33 item 3): an item's review links, comments and decisions from the app,
 * and the public link's page, comments and decision (infra/routes.ts).
 */
export const handler = dispatchRoutes('Reviews', {
  CreateReview: createReview,
  ListReviews: listReviews,
  RevokeReview: revokeReview,
  CreateContentComment: commentContent,
  DecideContent: decideContent,
  GetPublicReview: getPublicReview,
  CreatePublicReviewComment: commentPublicReview,
  DecidePublicReview: decidePublicReview,
});
