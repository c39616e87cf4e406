import { findVersion } from '#functions/content/content-versions';
import { readAgencySettings } from '#functions/settings/agency-time-zone';
import { statusOf } from '#shared/content-status';
import type { PublicReview } from '#shared/reviews';
import { toPublicComment } from './public-comment';
import { publicReviewHandler } from './public-review-handler';
import { canDecide } from './review-service';
import { listItemComments, toReviewComment } from './review-store';

/** Once an item is on WordPress its review is over: the link shows what went out, not the draft reviewed. */
const isOnWordPress = (status: string) => status === 'scheduled' || status === 'published';

/**
 * GET /api/reviews/{token} (no credentials): what the review page shows, the agency's name and logo,
 * the client's name, the version under review (the current one once the item is scheduled or published)
 * and this link's comments, and nothing else of the client or the agency: no staff address, no id but
 * the version's (docs/decisions.md, 'Review links are capability URLs').
 */
export const handler = publicReviewHandler({
  handle: async ({ review, content, client }): Promise<PublicReview> => {
    const status = statusOf(content.status);
    const shownVersionId =
      isOnWordPress(status) && content.currentVersionId ? content.currentVersionId : review.versionId;
    const [version, comments, settings] = await Promise.all([
      findVersion(review.clientId, review.contentId, shownVersionId),
      listItemComments(review.clientId, review.contentId),
      readAgencySettings(),
    ]);
    return {
      agency: { name: settings.agencyName, logoUrl: settings.logoUrl },
      clientName: client.name,
      title: version?.title ?? content.title,
      html: version?.html_content ?? content.html_content ?? '',
      status,
      comments: comments
        .filter((comment) => comment.reviewId === review.reviewId)
        .map((comment) => toPublicComment(toReviewComment(comment), settings.agencyName)),
      expiresAt: review.validUntil,
      versionId: shownVersionId,
      versionCreatedAt: version?.createdAt ?? content.updatedAt,
      sentAt: review.createdAt,
      reviewerName: review.reviewerName ?? null,
      message: review.message ?? null,
      canDecide: canDecide(content, review),
    };
  },
});
