import { createHash } from 'node:crypto';
import { HttpResult } from '#functions/commons/http-wrap';
import { findVersion } from '#functions/content/content-versions';
import { readAgencySettings } from '#functions/settings/agency-time-zone';
import { statusOf } from '#shared/content-status';
import type { PublicReview } from '#shared/reviews';
import { toPublicComment } from './public-comment';
import { publicReviewHandler } from './public-review-handler';
import { canDecide, reviewerThread } from './review-service';
import { listItemComments, toReviewComment, toReviewSummary } from './review-store';

/**
 * What the page shows depends on the link, the item's record (status, current version: any change moves
 * its `updatedAt`), the client's name and the comments; the version itself never changes. Its hash is the
 * reply's ETag, known before the version is read.
 */
function entityTag(parts: readonly unknown[]): string {
  return `"${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

/** Once an item is on WordPress its review is over: the link shows what went out, not the draft reviewed. */
const isOnWordPress = (status: string) => status === 'scheduled' || status === 'published';

/**
/**
 * GET /api/reviews/{token} (no credentials): what the review page shows, the agency's name and logo,
 * the client's name, the version under review (the current one once the item is scheduled or published)
 * and the item's thread of comments (only the reviewers' when the review keeps it apart), and nothing
 * else of the client or the agency: no staff address, no id but the version's (docs/decisions.md,
 * 'Review links are capability URLs'). With the ETag of the last reply in If-None-Match (the page's
 * poll), 304 and no body while nothing changed.
 */
export const handler = publicReviewHandler({
  handle: async ({ review, content, client, ifNoneMatch }) => {
    const status = statusOf(content.status);
    const shownVersionId =
      isOnWordPress(status) && content.currentVersionId ? content.currentVersionId : review.versionId;
    const [comments, settings] = await Promise.all([
      listItemComments(review.clientId, review.contentId),
      readAgencySettings(),
    ]);
    const shown = reviewerThread(review, comments);
    const etag = entityTag([
      review,
      content.updatedAt,
      content.status,
      content.currentVersionId,
      client.name,
      settings.agencyName,
      settings.logoUrl,
      shown.map((comment) => comment.commentId),
    ]);
    if (ifNoneMatch === etag) return new HttpResult(304, undefined, { etag });
    const version = await findVersion(review.clientId, review.contentId, shownVersionId);
    const reply: PublicReview = {
      agency: { name: settings.agencyName, logoUrl: settings.logoUrl },
      clientName: client.name,
      title: version?.title ?? content.title,
      html: version?.html_content ?? content.html_content ?? '',
      text: version?.content ?? content.content ?? '',
      status,
      comments: shown.map((comment) => toPublicComment(toReviewComment(comment), settings.agencyName)),
      expiresAt: review.validUntil,
      versionId: shownVersionId,
      versionCreatedAt: version?.createdAt ?? content.updatedAt,
      sentAt: review.createdAt,
      reviewerName: review.reviewerName ?? null,
      message: review.message ?? null,
      canDecide: canDecide(content, review),
      decision: toReviewSummary(review).decision,
    };
    return new HttpResult(200, reply, { etag });
  },
});
