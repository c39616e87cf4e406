import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { type Entities, entities } from '#functions/data/entities';
import { findItem, putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import { REVIEW_RULES, type ReviewRule } from '#shared/review-outcome';
import type { ReviewComment, ReviewState, ReviewSummary } from '#shared/reviews';
import { type TextAnchor, textAnchorSchema } from '#shared/text-anchor';

/**
 * The review items of the single table
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"): a review link per item and
 * reviewer (in the client's partition, under the item), the token's hash pointing at it (its own partition:
 * the only way the public routes find a review), and the comments and decisions on an item.
 */

export type ReviewRecord = FormattedItem<Entities['review']>;
export type ReviewTokenRecord = FormattedItem<Entities['reviewToken']>;
export type CommentRecord = FormattedItem<Entities['reviewComment']>;

export function reviewStateOf(review: ReviewRecord, now = new Date()): ReviewState {
  if (review.revokedAt) return 'revoked';
  return Date.parse(review.validUntil) <= now.getTime() ? 'expired' : 'open';
}

/** A link's rule; one made before rules existed is a request of its own, where 'all' and 'any' agree. */
export function ruleOf(review: Pick<ReviewRecord, 'rule'>): ReviewRule {
  return (REVIEW_RULES as readonly string[]).includes(review.rule ?? '')
    ? (review.rule as ReviewRule)
    : 'all';
}

export const requestIdOf = (review: Pick<ReviewRecord, 'requestId' | 'reviewId'>) =>
  review.requestId ?? review.reviewId;

export function toReviewSummary(review: ReviewRecord, now = new Date()): ReviewSummary {
  return {
    reviewId: review.reviewId,
    reviewerName: review.reviewerName ?? null,
    reviewerEmail: review.reviewerEmail ?? null,
    message: review.message ?? null,
    versionId: review.versionId,
    requestId: requestIdOf(review),
    rule: ruleOf(review),
    threadApart: review.threadApart ?? false,
    createdAt: review.createdAt,
    createdBy: review.createdByEmail,
    expiresAt: review.validUntil,
    state: reviewStateOf(review, now),
    revokedAt: review.revokedAt ?? null,
    decision:
      review.decision === 'approved' || review.decision === 'changes_requested' ? review.decision : null,
    decidedAt: review.decidedAt ?? null,
  };
}

/** A stored anchor, read as the schema it was written with (anything else is no anchor). */
function anchorOf(value: unknown): TextAnchor | null {
  const parsed = textAnchorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toReviewComment(record: CommentRecord): ReviewComment {
  return {
    commentId: record.commentId,
    reviewId: record.reviewId ?? null,
    versionId: record.versionId ?? null,
    kind: record.kind === 'decision' ? 'decision' : 'comment',
    decision: record.decision === 'approve' || record.decision === 'request_changes' ? record.decision : null,
    text: record.text,
    quote: record.quote ?? null,
    anchor: anchorOf(record.anchor),
    author: { kind: record.authorKind === 'reviewer' ? 'reviewer' : 'staff', name: record.authorName },
    createdAt: record.createdAt,
  };
}

/** The pointer first, then the review: a crash in between leaves a pointer to nothing (a dead link). */
export async function putReview(review: ReviewRecord): Promise<void> {
  const { reviewToken, review: reviewEntity } = entities();
  await putItem(
    reviewToken,
    {
      tokenHash: review.tokenHash,
      clientId: review.clientId,
      contentId: review.contentId,
      reviewId: review.reviewId,
    },
    { attr: 'tokenHash', exists: false },
  );
  await putItem(reviewEntity, review, { attr: 'reviewId', exists: false });
}

/** The review a token's hash names, read consistently: a revocation is seen by the very next request. */
export async function findReviewByTokenHash(tokenHash: string): Promise<ReviewRecord | null> {
  const { reviewToken, review } = entities();
  const pointer = await findItem(reviewToken, { tokenHash }, { consistent: true });
  if (!pointer) return null;
  const found = await findItem(
    review,
    { clientId: pointer.clientId, contentId: pointer.contentId, reviewId: pointer.reviewId },
    { consistent: true },
  );
  // The pointer and the review must agree, or the pointer is not trusted.
  return found && found.tokenHash === tokenHash ? found : null;
}

export async function findReview(
  clientId: string,
  contentId: string,
  reviewId: string,
): Promise<ReviewRecord | null> {
  return findItem(entities().review, { clientId, contentId, reviewId }, { consistent: true });
}

const underItem = (entityName: string, idAttribute: string, contentId: string) =>
  `${sortKey(entityName, [['contentId', contentId]])}#${idAttribute.toLowerCase()}_`;

/** Every review link of one item, oldest first. */
export async function listItemReviews(clientId: string, contentId: string): Promise<ReviewRecord[]> {
  const { table, review } = entities();
  return queryAll(
    review,
    table
      .build(QueryCommand)
      .entities(review)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: underItem('review', 'reviewId', contentId) },
      })
      .options({ consistent: true })
      .params(),
  );
}

/** Every comment and decision on one item, oldest first. */
export async function listItemComments(clientId: string, contentId: string): Promise<CommentRecord[]> {
  const { table, reviewComment } = entities();
  return queryAll(
    reviewComment,
    table
      .build(QueryCommand)
      .entities(reviewComment)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: underItem('reviewComment', 'commentId', contentId) },
      })
      .options({ consistent: true })
      .params(),
  );
}

/** Every review and comment of a client's items (a client delete's snapshot). */
export async function listClientReviewItems(
  clientId: string,
): Promise<{ reviews: ReviewRecord[]; comments: CommentRecord[] }> {
  const { table, review, reviewComment } = entities();
  const partition = partitionKey([['clientId', clientId]]);
  const [reviews, comments] = await Promise.all([
    queryAll(
      review,
      table
        .build(QueryCommand)
        .entities(review)
        .query({ partition, range: { beginsWith: sortKeyPrefix('review', 'contentId') } })
        .options({ consistent: true })
        .params(),
    ),
    queryAll(
      reviewComment,
      table
        .build(QueryCommand)
        .entities(reviewComment)
        .query({ partition, range: { beginsWith: sortKeyPrefix('reviewComment', 'contentId') } })
        .options({ consistent: true })
        .params(),
    ),
  ]);
  return { reviews, comments };
}

export async function putComment(comment: CommentRecord): Promise<void> {
  await putItem(entities().reviewComment, comment, { attr: 'commentId', exists: false });
}

/** Changes a review that must still exist; false when it is gone. */
async function updateReview(
  key: Pick<ReviewRecord, 'clientId' | 'contentId' | 'reviewId'>,
  changes: Record<string, unknown>,
  extraCondition?: { attr: 'revokedAt'; exists: false },
): Promise<ReviewRecord | null> {
  try {
    const { Attributes } = await entities()
      .review.build(UpdateItemCommand)
      .item({ clientId: key.clientId, contentId: key.contentId, reviewId: key.reviewId, ...changes })
      .options({
        condition: extraCondition
          ? { and: [{ attr: 'reviewId', exists: true }, extraCondition] }
          : { attr: 'reviewId', exists: true },
        returnValues: 'ALL_NEW',
      })
      .send();
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Revokes a link; null when it was gone or already revoked. */
export function revokeReview(
  review: ReviewRecord,
  by: string,
  now = new Date(),
): Promise<ReviewRecord | null> {
  return updateReview(
    review,
    { revokedAt: now.toISOString(), revokedBy: by },
    { attr: 'revokedAt', exists: false },
  );
}

export function recordReviewDecision(
  review: ReviewRecord,
  decision: 'approved' | 'changes_requested',
  now = new Date(),
): Promise<ReviewRecord | null> {
  return updateReview(review, { decision, decidedAt: now.toISOString() });
}

/** The editor updated the open review: the reviewer now sees this version, and decides afresh. */
export function moveReviewToVersion(review: ReviewRecord, versionId: string): Promise<ReviewRecord | null> {
  return updateReview(review, { versionId, decision: $remove(), decidedAt: $remove() });
}

/** Removes a link with its pointer (an item's delete; its snapshot keeps both). */
export async function deleteReviewItems(reviews: readonly ReviewRecord[]): Promise<void> {
  const { review, reviewToken } = entities();
  await Promise.all(
    reviews.flatMap((record) => [
      reviewToken.build(DeleteItemCommand).key({ tokenHash: record.tokenHash }).send(),
      review
        .build(DeleteItemCommand)
        .key({ clientId: record.clientId, contentId: record.contentId, reviewId: record.reviewId })
        .send(),
    ]),
  );
}

/** Puts links back with their pointers (an Undo). */
export async function restoreReviewItems(reviews: readonly ReviewRecord[]): Promise<void> {
  const { review, reviewToken } = entities();
  await Promise.all(
    reviews.flatMap((record) => [
      putItem(review, record),
      putItem(reviewToken, {
        tokenHash: record.tokenHash,
        clientId: record.clientId,
        contentId: record.contentId,
        reviewId: record.reviewId,
      }),
    ]),
  );
}
