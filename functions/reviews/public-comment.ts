import { AGENCY_AUTHOR_FALLBACK, type PublicReviewComment, type ReviewComment } from '#shared/reviews';

/**
 * A comment for the review page (docs/decisions.md, "The review walk's smaller defects"): the ids the app
 * keys it by stay in the app, and a colleague is named by the agency, not by the e-mail address they signed
 * in with.
 */
export function toPublicComment(comment: ReviewComment, agencyName: string | null): PublicReviewComment {
  const { commentId: _commentId, reviewId: _reviewId, ...shown } = comment;
  return shown.author.kind === 'staff'
    ? { ...shown, author: { kind: 'staff', name: agencyName ?? AGENCY_AUTHOR_FALLBACK } }
    : shown;
}
