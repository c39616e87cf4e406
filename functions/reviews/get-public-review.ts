import { findVersion } from '#functions/content/content-versions';
import { statusOf } from '#shared/content-status';
import type { PublicReview } from '#shared/reviews';
import { publicReviewHandler } from './public-review-handler';
import { canDecide } from './review-service';
import { listItemComments, toReviewComment } from './review-store';

/**
 * GET /api/reviews/{token} (no credentials): what the review page shows, the client's name, the version
 * under review and this link's comments, and nothing else of the client or the agency.
 */
export const handler = publicReviewHandler({
  handle: async ({ review, content, client }): Promise<PublicReview> => {
    const [version, comments] = await Promise.all([
      findVersion(review.clientId, review.contentId, review.versionId),
      listItemComments(review.clientId, review.contentId),
    ]);
    return {
      clientName: client.name,
      title: version?.title ?? content.title,
      html: version?.html_content ?? content.html_content ?? '',
      status: statusOf(content.status),
      comments: comments.filter((comment) => comment.reviewId === review.reviewId).map(toReviewComment),
      expiresAt: review.validUntil,
      versionId: review.versionId,
      versionCreatedAt: version?.createdAt ?? content.updatedAt,
      sentAt: review.createdAt,
      reviewerName: review.reviewerName ?? null,
      message: review.message ?? null,
      canDecide: canDecide(content, review),
    };
  },
});
