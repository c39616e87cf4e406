import { createHash } from 'node:crypto';
import { HttpResult } from '#functions/commons/http-wrap';
import { findVersion } from '#functions/content/content-versions';
import { statusOf } from '#shared/content-status';
import type { PublicReview } from '#shared/reviews';
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

/**
 * GET /api/reviews/{token} (no credentials): what the review page shows, the client's name, the version
 * under review and the item's thread of comments (only the reviewers' when the review keeps it apart),
 * and nothing else of the client or the agency. With the ETag of the last reply in If-None-Match (the
 * page's poll), 304 and no body while nothing changed.
 */
export const handler = publicReviewHandler({
  handle: async ({ review, content, client, ifNoneMatch }) => {
    const comments = await listItemComments(review.clientId, review.contentId);
    const shown = reviewerThread(review, comments);
    const etag = entityTag([
      review,
      content.updatedAt,
      content.status,
      content.currentVersionId,
      client.name,
      shown.map((comment) => comment.commentId),
    ]);
    if (ifNoneMatch === etag) return new HttpResult(304, undefined, { etag });
    const version = await findVersion(review.clientId, review.contentId, review.versionId);
    const reply: PublicReview = {
      clientName: client.name,
      title: version?.title ?? content.title,
      html: version?.html_content ?? content.html_content ?? '',
      text: version?.content ?? content.content ?? '',
      status: statusOf(content.status),
      comments: shown.map(toReviewComment),
      expiresAt: review.validUntil,
      versionId: review.versionId,
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
