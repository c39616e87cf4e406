import { ulid } from 'ulid';
import { listGrants } from '#functions/access/access-store';
import { recordActivity } from '#functions/activities/activity-log';
import { recordApproval } from '#functions/approvals/approval-record';
import type { ClientRecord } from '#functions/clients/client-record';
import type { Caller } from '#functions/commons/caller';
import { ConflictError, NotFoundError } from '#functions/commons/errors';
import type { ContentRecord } from '#functions/content/content-record';
import { toClientContent } from '#functions/content/content-record';
import type { ChangedContent } from '#functions/content/content-store';
import { changeContent, patchContent } from '#functions/content/content-store';
import { findVersion } from '#functions/content/content-versions';
import { notifyReviewEvent } from '#functions/notifications/notify-review-event';
import { notifyAudience } from '#functions/websocket/notifier';
import type { ClientContent } from '#shared/content';
import type { ReviewOutcome } from '#shared/content-status';
import {
  type ContentStatus,
  isDecidable,
  nextStatus,
  type ReviewDecision,
  statusOf,
} from '#shared/content-status';
import { reviewOutcome } from '#shared/review-outcome';
import { REVIEW_PAGE_PATH } from '#shared/review-page';
import {
  type CreatedReview,
  type CreatedReviewLink,
  type CreateReviewInput,
  decisionActivity,
  REVIEW_ACTIVITY,
  REVIEW_EVENT,
  REVIEW_MESSAGES,
  type ReviewComment,
  type ReviewEvent,
  type ReviewPanel,
} from '#shared/reviews';
import type { TextAnchor } from '#shared/text-anchor';
import type { ReviewActor } from './review-actor';
import {
  type CommentRecord,
  listItemComments,
  listItemReviews,
  moveReviewToVersion,
  putComment,
  putReview,
  type ReviewRecord,
  recordReviewDecision,
  requestIdOf,
  reviewStateOf,
  revokeReview,
  ruleOf,
  toReviewComment,
  toReviewSummary,
} from './review-store';
import { newReviewToken, reviewTokenHash } from './review-token';

/**
 * The review loop between drafting and publishing: send an item for review (a link
 * anyone can open), comment and decide through the link or from the app, revoke a link, and keep the
 * open review on a new version when the editor asks. Every step is an activity (the four review
 * actions) and is pushed live to everyone who may see the client.
 */

const DAY_MS = 86_400_000;

function authorOf(actor: ReviewActor): { kind: 'staff' | 'reviewer'; name: string; userId?: string } {
  if (actor.kind === 'staff') return { kind: 'staff', name: actor.caller.email, userId: actor.caller.userId };
  return { kind: 'reviewer', name: actor.review.reviewerName ?? actor.review.reviewerEmail ?? 'Reviewer' };
}

/**
 * The activity's "user" for a reviewer: the link's reviewer, by e-mail when the sender gave one. The id
 * names the link, so a reviewer's activities can be told apart from any account's.
 */
function activityUser(actor: ReviewActor): { userId: string; email: string } {
  if (actor.kind === 'staff') return { userId: actor.caller.userId, email: actor.caller.email };
  const { review } = actor;
  return {
    userId: `review-link:${review.reviewId}`,
    email: review.reviewerEmail ?? `${review.reviewerName ?? 'Reviewer'} (review link)`,
  };
}

export interface ReviewContext {
  readonly client: Pick<ClientRecord, 'clientId' | 'name' | 'createdBy'>;
  readonly userAgent: string | null;
}

/** Pushes a review change to the client's creator, its grantees and the admins. */
async function announce(client: ReviewContext['client'], event: Omit<ReviewEvent, 'type'>): Promise<void> {
  const grants = await listGrants(client.clientId).catch(() => []);
  await notifyAudience(
    { userIds: [client.createdBy], emails: grants.map((grant) => grant.userEmail) },
    { type: REVIEW_EVENT, ...event },
  );
}

function activityDetails(
  context: ReviewContext,
  content: Pick<ContentRecord, 'contentId' | 'title'>,
  review: ReviewRecord | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    client_id: context.client.clientId,
    client_name: context.client.name,
    content_id: content.contentId,
    title: content.title,
    ...(review
      ? {
          review_id: review.reviewId,
          reviewer_name: review.reviewerName ?? null,
          reviewer_email: review.reviewerEmail ?? null,
        }
      : {}),
    ...extra,
  };
}

/** `https://site/review/<token>`: the page's origin is the app's, which the request came from. */
export function reviewUrlOf(origin: string, token: string): string {
  return `${origin}${REVIEW_PAGE_PATH}/${token}`;
}

/**
 * 'Send for review': makes a link per reviewer to the item's current version, one request with one rule,
 * and puts the item In review. An item from before versions gets its words recorded as
 * its first version, so the links have one to show.
 */
export async function sendForReview(
  caller: Caller,
  context: ReviewContext,
  content: ContentRecord,
  input: Required<Pick<CreateReviewInput, 'expiresInDays'>> & Omit<CreateReviewInput, 'expiresInDays'>,
  origin: string,
): Promise<CreatedReview> {
  const { record } = await changeContent(
    content,
    (current) => ({
      title: current.title,
      content: current.content ?? '',
      html_content: current.html_content ?? '',
      status: nextStatus(statusOf(current.status), { type: 'sent_for_review' }) ?? 'in_review',
    }),
    { author: { userId: caller.userId, email: caller.email }, source: 'edit', ensureVersion: true },
  );
  const versionId = record.currentVersionId;
  if (!versionId) throw new Error(`Content ${record.contentId} has no version after sending it for review`);
  const now = new Date();
  const requestId = ulid();
  const reviewers = input.reviewers ?? [{ name: input.reviewerName, email: input.reviewerEmail }];
  const links: CreatedReviewLink[] = [];
  for (const reviewer of reviewers) {
    const token = newReviewToken();
    const review: ReviewRecord = {
      clientId: record.clientId,
      contentId: record.contentId,
      reviewId: ulid(),
      tokenHash: reviewTokenHash(token),
      reviewerName: reviewer.name,
      reviewerEmail: reviewer.email?.toLowerCase(),
      message: input.message,
      versionId,
      requestId,
      rule: input.rule ?? 'all',
      threadApart: input.threadApart ?? false,
      createdBy: caller.userId,
      createdByEmail: caller.email,
      createdAt: now.toISOString(),
      validUntil: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
    };
    await putReview(review);
    await recordActivity(caller, {
      action: REVIEW_ACTIVITY.requested,
      resourceType: 'client_content',
      resourceId: record.contentId,
      details: activityDetails(context, record, review, {
        expires_at: review.validUntil,
        ...(reviewers.length > 1 ? { rule: review.rule, reviewers: reviewers.length } : {}),
      }),
      userAgent: context.userAgent,
    });
    links.push({
      reviewId: review.reviewId,
      reviewUrl: reviewUrlOf(origin, token),
      review: toReviewSummary(review, now),
    });
    // Each reviewer is e-mailed their own link.
    await notifyReviewEvent(
      { client: context.client, content: record },
      { kind: 'link_sent', review, reviewUrl: reviewUrlOf(origin, token) },
    );
  }
  const [first] = links;
  if (!first) throw new Error('A review request has at least one reviewer');
  const item = toClientContent(record);
  await announce(context.client, {
    clientId: record.clientId,
    contentId: record.contentId,
    status: item.status,
    change: 'requested',
    review: first.review,
  });
  return {
    reviewId: first.reviewId,
    reviewUrl: first.reviewUrl,
    expiresAt: first.review.expiresAt,
    review: first.review,
    links,
    content: item,
  };
}

/** The links still open on an item, newest first. */
function openReviews(reviews: readonly ReviewRecord[], now = new Date()): ReviewRecord[] {
  return reviews.filter((review) => reviewStateOf(review, now) === 'open').reverse();
}

/** Revokes a link; an item in review left without an open link goes back to Draft. */
export async function revokeItemReview(
  caller: Caller,
  context: ReviewContext,
  content: ContentRecord,
  review: ReviewRecord,
): Promise<ClientContent> {
  const revoked = await revokeReview(review, caller.email);
  if (!revoked && !review.revokedAt) throw new NotFoundError('Review not found');
  let item = content;
  const stillOpen = openReviews(await listItemReviews(content.clientId, content.contentId));
  if (stillOpen.length === 0 && statusOf(content.status) === 'in_review') {
    item = await patchContent(content, (current) => ({
      status: nextStatus(statusOf(current.status), { type: 'reviews_closed' }) ?? statusOf(current.status),
    }));
  }
  const reply = toClientContent(item);
  await announce(context.client, {
    clientId: content.clientId,
    contentId: content.contentId,
    status: reply.status,
    change: 'revoked',
    review: toReviewSummary(revoked ?? review),
  });
  return reply;
}

/**
 * The item's review panel: its links and every comment and decision, oldest first, with the versions
 * they name (a few single reads: an item's links and comments name a handful of versions).
 */
export async function reviewPanel(content: ContentRecord): Promise<ReviewPanel> {
  const [reviews, comments] = await Promise.all([
    listItemReviews(content.clientId, content.contentId),
    listItemComments(content.clientId, content.contentId),
  ]);
  const named = new Set<string>();
  for (const entry of [...reviews, ...comments]) if (entry.versionId) named.add(entry.versionId);
  const found = await Promise.all(
    [...named].sort().map((versionId) => findVersion(content.clientId, content.contentId, versionId)),
  );
  const now = new Date();
  return {
    reviews: reviews.map((review) => toReviewSummary(review, now)),
    comments: comments.map(toReviewComment),
    versions: found.flatMap((version) =>
      version
        ? [
            {
              versionId: version.versionId,
              createdAt: version.createdAt,
              current: version.versionId === content.currentVersionId,
            },
          ]
        : [],
    ),
  };
}

/**
 * The comments a link's page shows: the item's one shared thread (every reviewer's and colleague's), or
 * only the reviewers' when the review keeps the client's thread apart from the internal one.
 */
export function reviewerThread(review: ReviewRecord, comments: readonly CommentRecord[]): CommentRecord[] {
  return review.threadApart ? comments.filter((comment) => comment.authorKind === 'reviewer') : [...comments];
}

/**
 * A comment through a link or from the app. A colleague's is on the item's thread (no link of its own),
 * which every reviewer sees unless their review keeps it apart.
 */
export async function addComment(
  actor: ReviewActor,
  context: ReviewContext,
  content: ContentRecord,
  input: {
    readonly text: string;
    readonly quote?: string | undefined;
    readonly anchor?: TextAnchor | undefined;
  },
): Promise<ReviewComment> {
  const review = actor.kind === 'reviewer' ? actor.review : null;
  const author = authorOf(actor);
  const record: CommentRecord = {
    clientId: content.clientId,
    contentId: content.contentId,
    commentId: ulid(),
    reviewId: review?.reviewId,
    versionId: review?.versionId ?? content.currentVersionId,
    kind: 'comment',
    text: input.text,
    quote: input.quote,
    anchor: input.anchor,
    authorKind: author.kind,
    authorName: author.name,
    authorUserId: author.userId,
    createdAt: new Date().toISOString(),
  };
  await putComment(record);
  const comment = toReviewComment(record);
  await recordActivity(activityUser(actor), {
    action: REVIEW_ACTIVITY.commented,
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: activityDetails(context, content, review, { comment: input.text }),
    userAgent: context.userAgent,
  });
  await announce(context.client, {
    clientId: content.clientId,
    contentId: content.contentId,
    status: statusOf(content.status),
    change: 'commented',
    comment,
  });
  await notifyReviewEvent(
    { client: context.client, content },
    { kind: 'commented', actor, comment: input.text },
  );
  return comment;
}

/** Whether a review is open for a decision on the item as it is: its version must be the item's. */
export function canDecide(content: ContentRecord, review: ReviewRecord | null): boolean {
  if (!isDecidable(statusOf(content.status))) return false;
  return review === null || review.versionId === content.currentVersionId;
}

/** Where every decision on the item's current version leaves its review (shared/review-outcome.ts). */
function outcomeOf(
  currentVersionId: string | undefined,
  reviews: readonly ReviewRecord[],
  comments: readonly CommentRecord[],
  now = new Date(),
): ReviewOutcome {
  return reviewOutcome({
    currentVersionId,
    links: reviews
      .filter((review) => reviewStateOf(review, now) === 'open')
      .map((review) => ({
        reviewId: review.reviewId,
        requestId: requestIdOf(review),
        rule: ruleOf(review),
        versionId: review.versionId,
      })),
    decisions: comments.flatMap((comment) => {
      if (comment.kind !== 'decision') return [];
      const decision = comment.decision === 'approve' ? 'approve' : 'request_changes';
      // A reviewer decides through their link; a colleague's decision is theirs (never a link's).
      const by =
        comment.authorKind === 'reviewer' && comment.reviewId
          ? { kind: 'reviewer' as const, reviewId: comment.reviewId }
          : { kind: 'staff' as const, userId: comment.authorUserId ?? comment.authorName };
      return [{ by, versionId: comment.versionId ?? null, decision }];
    }),
  });
}

/**
 * Sets the item's status to `outcome`, on the condition that it still holds `versionId`; with the decision
 * that led there, its approval entry too, in the same conditional write (docs/decisions.md 'Approval steps').
 */
function settle(
  content: ContentRecord,
  versionId: string,
  outcome: ReviewOutcome,
  decided?: { readonly actor: ReviewActor; readonly decision: ReviewDecision },
): Promise<ContentRecord> {
  return patchContent(content, (current) => {
    const status = statusOf(current.status);
    if (!isDecidable(status)) throw new ConflictError(REVIEW_MESSAGES.notInReview, 'not_in_review');
    if (current.currentVersionId !== versionId) {
      throw new ConflictError(REVIEW_MESSAGES.decisionOnOldVersion, 'stale_version');
    }
    return {
      status: nextStatus(status, { type: 'decided', outcome }) ?? status,
      approvedVersionId: outcome === 'approved' ? versionId : null,
      ...(decided ? recordApproval(decided.actor, current, decided.decision, versionId) : {}),
    };
  });
}

/**
 * Approve, or request changes (with a comment), on the version under review: through a link, the link's
 * reviewer's decision; from the app, the colleague's own (an internal one, which never decides in a
 * reviewer's place). The decision names the version it was made on, refused unless it is still the
 * item's, and the item goes where all the decisions on that version together leave it
 * (docs/decisions.md, "Review decisions bound to the version seen; several reviewers"). The status is set on
 * the condition that the item still holds that version, so a decision never lands on words the decider did
 * not see; it is worked out again once the decision is stored, so two reviewers deciding at once both count.
 */
export async function decide(
  actor: ReviewActor,
  context: ReviewContext,
  content: ContentRecord,
  input: {
    readonly decision: ReviewDecision;
    /** The version the decider saw: refused unless it is still the item's (and the link's). */
    readonly versionId: string;
    readonly comment?: string | undefined;
    readonly quote?: string | undefined;
    readonly anchor?: TextAnchor | undefined;
  },
): Promise<{ content: ClientContent; comment: ReviewComment }> {
  const review = actor.kind === 'reviewer' ? actor.review : null;
  const versionId = content.currentVersionId;
  if (!isDecidable(statusOf(content.status))) {
    throw new ConflictError(REVIEW_MESSAGES.notInReview, 'not_in_review');
  }
  if (versionId === undefined || (review !== null && review.versionId !== versionId)) {
    throw new ConflictError(REVIEW_MESSAGES.staleVersion, 'stale_version');
  }
  // The page or panel showed another version (the editor updated the open review since it was
  // opened): a decision is about the words the decider read, so it is refused (docs/decisions.md).
  if (input.versionId !== versionId) {
    throw new ConflictError(REVIEW_MESSAGES.decisionOnOldVersion, 'stale_version');
  }
  const author = authorOf(actor);
  const commentRecord: CommentRecord = {
    clientId: content.clientId,
    contentId: content.contentId,
    commentId: ulid(),
    reviewId: review?.reviewId,
    versionId,
    kind: 'decision',
    decision: input.decision,
    text: input.comment ?? '',
    quote: input.quote,
    anchor: input.anchor,
    authorKind: author.kind,
    authorName: author.name,
    authorUserId: author.userId,
    createdAt: new Date().toISOString(),
  };
  const [reviews, comments] = await Promise.all([
    listItemReviews(content.clientId, content.contentId),
    listItemComments(content.clientId, content.contentId),
  ]);
  // Settled first with this decision counted: a refusal (the words changed meanwhile) stores nothing.
  let record = await settle(content, versionId, outcomeOf(versionId, reviews, [...comments, commentRecord]), {
    actor,
    decision: input.decision,
  });
  await putComment(commentRecord);
  const outcome = input.decision === 'approve' ? 'approved' : 'changes_requested';
  if (review) await recordReviewDecision(review, outcome);
  // Another decision stored between the read and the write was not counted: read again, settle again.
  const again = outcomeOf(versionId, reviews, await listItemComments(content.clientId, content.contentId));
  if (again !== statusOf(record.status)) {
    record = await settle(record, versionId, again).catch(() => record);
  }
  const comment = toReviewComment(commentRecord);
  const item = toClientContent(record);
  await recordActivity(activityUser(actor), {
    action: decisionActivity(input.decision),
    resourceType: 'client_content',
    resourceId: content.contentId,
    details: activityDetails(context, record, review, {
      version_id: versionId,
      review_state: item.status,
      ...(input.comment ? { comment: input.comment } : {}),
    }),
    userAgent: context.userAgent,
  });
  await announce(context.client, {
    clientId: content.clientId,
    contentId: content.contentId,
    status: item.status,
    change: outcome,
    comment,
  });
  await notifyReviewEvent(
    { client: context.client, content: record },
    { kind: outcome, actor, comment: input.comment ?? '' },
  );
  return { content: item, comment };
}

/**
 * After a change of an item's words: when the editor kept the open review, its links move to the new
 * version (the reviewer sees it and decides afresh); either way everyone watching hears of the new status.
 */
export async function afterNewVersion(
  context: Pick<ReviewContext, 'client'>,
  change: ChangedContent,
): Promise<void> {
  if (change.versionId === null) return;
  const before: ContentStatus = statusOf(change.before.status);
  if (before !== 'in_review' && before !== 'changes_requested' && before !== 'approved') return;
  const after = statusOf(change.record.status);
  if (after === 'in_review') {
    const open = openReviews(await listItemReviews(change.record.clientId, change.record.contentId));
    await Promise.all(open.map((review) => moveReviewToVersion(review, change.versionId as string)));
    await notifyReviewEvent(
      { client: context.client, content: change.record },
      { kind: 'new_version', reviews: open },
    );
  }
  await announce(context.client, {
    clientId: change.record.clientId,
    contentId: change.record.contentId,
    status: after,
    change: 'updated',
  });
}
