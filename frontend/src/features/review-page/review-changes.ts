import type { PublicReview, PublicReviewComment } from '#shared/reviews';
import { REVIEW_PAGE } from './messages';

/**
 * A comment's identity on the review page, which is given no comment ids (docs/decisions.md, 'Review
 * links are capability URLs'): its moment, its author and its kind.
 */
export const commentKey = (comment: PublicReviewComment): string =>
  `${comment.createdAt}|${comment.author.kind}|${comment.author.name}|${comment.kind}`;

/**
 * What the page's poll found changed between two reads of a link: a new version, and
 * the comments and decisions of others that came in, as the sentences the page says live. The reviewer's
 * own comment is not news to them: the page adds it as they send it, and its key is in `known`.
 */
export function reviewChanges(
  before: PublicReview,
  after: PublicReview,
  known: ReadonlySet<string> = new Set(),
): { newVersion: boolean; said: string[] } {
  const newVersion = before.versionId !== after.versionId;
  const seen = new Set(before.comments.map(commentKey));
  const said: string[] = newVersion ? [REVIEW_PAGE.live.newVersion] : [];
  for (const comment of after.comments) {
    if (seen.has(commentKey(comment)) || known.has(commentKey(comment))) continue;
    said.push(
      comment.kind === 'decision' && comment.decision
        ? REVIEW_PAGE.live.decision(comment.author.name, REVIEW_PAGE.decision[comment.decision] ?? '')
        : REVIEW_PAGE.live.comment(comment.author.name),
    );
  }
  return { newVersion, said };
}
