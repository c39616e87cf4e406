/**
 * The review status of a library item (docs/architecture.md, "Review, usage and bulk work"): where a piece
 * stands between drafting and publishing. The server moves it only through `nextStatus`; the browser reads
 * the same table to label it and to know whether Publish may be offered.
 */

export const CONTENT_STATUSES = [
  'draft',
  'in_review',
  'changes_requested',
  'approved',
  'scheduled',
  'published',
] as const;

export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Every item starts as a draft, and an item stored before statuses existed reads as one. */
export const DEFAULT_CONTENT_STATUS: ContentStatus = 'draft';

export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** Badge colours (the Badge component's variants): grey while drafting, warm when it needs work. */
export const CONTENT_STATUS_BADGES: Readonly<
  Record<ContentStatus, 'secondary' | 'blue' | 'orange' | 'green' | 'purple' | 'default'>
> = {
  draft: 'secondary',
  in_review: 'blue',
  changes_requested: 'orange',
  approved: 'green',
  scheduled: 'purple',
  published: 'default',
};

export function isContentStatus(value: unknown): value is ContentStatus {
  return typeof value === 'string' && (CONTENT_STATUSES as readonly string[]).includes(value);
}

/** A stored status, or the default for an item written before statuses existed. */
export function statusOf(value: unknown): ContentStatus {
  return isContentStatus(value) ? value : DEFAULT_CONTENT_STATUS;
}

export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The state a decision leaves the item in: In review and its two outcomes (shared/review-outcome.ts). */
export type ReviewOutcome = 'in_review' | 'changes_requested' | 'approved';

/** What happened to an item; `nextStatus` says where that leaves it. */
export type StatusEvent =
  /** 'Send for review' made a link (another reviewer on an item already in review is fine). */
  | { readonly type: 'sent_for_review' }
  /**
   * A reviewer or a colleague decided on the version under review; `outcome` is where every decision on
   * it leaves the review (shared/review-outcome.ts).
   */
  | { readonly type: 'decided'; readonly outcome: ReviewOutcome }
  /**
   * The title, text or HTML changed (a new version). `keepReview`: the editor chose to update the open
   * review, which the reviewer then sees, instead of taking the item back to Draft.
   */
  | { readonly type: 'new_version'; readonly keepReview: boolean }
  /**
   * WordPress now holds the post with this status (a publish, an update, a reschedule), or none
   * (`null`: the post was deleted). `approved`: the item's current version is the approved one.
   */
  | { readonly type: 'wordpress'; readonly postStatus: string | null; readonly approved: boolean }
  /**
   * A post of the item to a publishing channel (GBP, Facebook, Instagram, LinkedIn, X) was scheduled or
   * went out (docs/architecture.md, "Publishing channels").
   */
  | { readonly type: 'channel'; readonly postStatus: 'scheduled' | 'published' }
  /** The last open review link was revoked. */
  | { readonly type: 'reviews_closed' };

/** States in which a review is open for a decision (a later decision on the same version replaces one). */
const DECIDABLE: ReadonlySet<ContentStatus> = new Set(['in_review', 'changes_requested', 'approved']);

export function isDecidable(status: ContentStatus): boolean {
  return DECIDABLE.has(status);
}

const ON_WORDPRESS: ReadonlySet<ContentStatus> = new Set(['scheduled', 'published']);

/**
 * The status after `event`, or null when the event is not allowed from `current` (the server answers
 * 409). The transitions (docs/architecture.md, "Review, usage and bulk work"): Draft → In review → Changes requested / Approved → Scheduled /
 * Published, with these rules:
 * - a decision needs an open review (In review, or a decision already given on the same version), and
 *   leaves it where all the decisions on that version together do (shared/review-outcome.ts);
 * - a new version takes an item under review, or approved, back to Draft (the approval was for other
 *   words), unless the editor keeps the open review, which is then In review again; a scheduled or
 *   published item keeps its status, since WordPress still holds what it holds;
 * - WordPress's `publish` is Published and `future` Scheduled; a post taken off the site (deleted, or
 *   saved as a draft, pending or private post) leaves Scheduled/Published for Approved when the
 *   current version is the approved one, else Draft, and leaves every other status as it was;
 * - a channel post scheduled makes the item Scheduled (a published one stays Published), and one that
 *   went out makes it Published;
 * - revoking the last open link of an item in review takes it back to Draft.
 */
export function nextStatus(current: ContentStatus, event: StatusEvent): ContentStatus | null {
  switch (event.type) {
    case 'sent_for_review':
      return 'in_review';
    case 'decided':
      if (!isDecidable(current)) return null;
      return event.outcome;
    case 'new_version':
      if (ON_WORDPRESS.has(current)) return current;
      if (current === 'in_review' || current === 'changes_requested') {
        return event.keepReview ? 'in_review' : 'draft';
      }
      return 'draft';
    case 'wordpress':
      if (event.postStatus === 'publish') return 'published';
      if (event.postStatus === 'future') return 'scheduled';
      if (ON_WORDPRESS.has(current)) return event.approved ? 'approved' : 'draft';
      return current;
    case 'channel':
      if (event.postStatus === 'published') return 'published';
      return current === 'published' ? 'published' : 'scheduled';
    case 'reviews_closed':
      return current === 'in_review' ? 'draft' : current;
  }
}

/** WordPress statuses that make a post public now or at its date: what approval must come before. */
export function isPublishingStatus(postStatus: string): boolean {
  return postStatus === 'publish' || postStatus === 'future';
}

/** 409 when a client requires approval and the item is not approved. */
export const APPROVAL_REQUIRED_MESSAGE = 'This content needs approval before it can be published.';

/**
 * Whether the item's current words are the approved ones: Approved, or Scheduled/Published with no
 * change since the approval (a later edit of a live post needs a new approval before it goes out).
 */
export function isApprovedForPublishing(item: {
  readonly status: ContentStatus;
  readonly versionId?: string | undefined;
  readonly approvedVersionId?: string | undefined;
}): boolean {
  if (item.status !== 'approved' && !ON_WORDPRESS.has(item.status)) return false;
  return item.approvedVersionId !== undefined && item.approvedVersionId === item.versionId;
}

/** What the Publisher and the Editor say about the approval rule. */
export const APPROVAL_UI = {
  badge: 'Needs approval',
  publisher: 'Send it for review from the Content Library; a WordPress draft can still be saved.',
  editor:
    'Send it for review from the Content Library, or save it to WordPress as a draft. An administrator can publish it without approval.',
  editorAdmin:
    'As an administrator you can publish it without approval; the activity log records that you did.',
  override: 'Publish without approval',
} as const;
