import type { ActivityAction } from './activity';
import type { ClientContent } from './content';
import { type ContentStatus, REVIEW_DECISIONS, type ReviewDecision } from './content-status';
import { normalizeEmail } from './email-domain';
import { REVIEW_RULES } from './review-outcome';
// Types only: the reply schemas are the public API document's (a Lambda that only answers reviews
// need not build them).
import type {
  publicDecisionReplySchema,
  publicReviewSchema,
  reviewCommentReplySchema,
  reviewSummarySchema,
} from './review-replies';
import { textAnchorSchema } from './text-anchor';
import * as z from './validation/zod';

/**
 * Review by colleagues and by the client: the request bodies, replies and messages of
 * the review routes, parsed by the browser and again by the server.
 */

export const REVIEW_EXPIRY_DEFAULT_DAYS = 14;
export const REVIEW_EXPIRY_MAX_DAYS = 60;
export const MAX_REVIEWER_NAME = 200;
export const MAX_REVIEW_MESSAGE = 5_000;
export const MAX_COMMENT = 5_000;
/** A quoted passage is a selection of the text, shown above the comment; long ones are cut. */
export const MAX_QUOTE = 1_000;
/** One 'Send for review' makes a link per reviewer. */
export const MAX_REVIEWERS = 10;

export const REVIEW_MESSAGES = {
  commentRequired: 'Please write a comment.',
  changesNeedComment: 'Please say what should change: a comment is required to request changes.',
  invalidEmail: 'Please enter a valid e-mail address.',
  expiry: `The link can stay open for 1 to ${REVIEW_EXPIRY_MAX_DAYS} days.`,
  reviewers: `Send it to 1 to ${MAX_REVIEWERS} reviewers at once.`,
  rule: "The rule is 'all' (all must approve) or 'any' (any one approves).",
  notInReview: 'This content is not waiting for a review decision.',
  staleVersion:
    'This content has changed since it was sent for review; the agency will send the new version.',
  /** 409 `stale_version`: the decision named a version that is no longer the item's (docs/decisions.md). */
  decisionOnOldVersion:
    'This content has changed since you opened it, so your decision was not recorded. The current version is shown now: please read it and decide again.',
  versionRequired: 'The version you are deciding on is missing: reload the page and decide again.',
  reviewClosed: 'This review link has been revoked or has expired.',
  /** The one answer for an unknown, revoked or expired link (the page says no more than this). */
  linkUnavailable: 'This review link is no longer available.',
} as const;

/** Optional text: trimmed, and blank means absent. */
const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.maxLength(max, `must be at most ${max} characters`))),
    z.transform((value: string | undefined) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? undefined : trimmed;
    }),
  );

const optionalEmail = z
  .pipe(
    z.optional(z.string().check(z.maxLength(254, REVIEW_MESSAGES.invalidEmail))),
    z.transform((value: string | undefined) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? undefined : trimmed;
    }),
  )
  .check(
    z.refine((value) => value === undefined || normalizeEmail(value) !== null, REVIEW_MESSAGES.invalidEmail),
  );

/** One reviewer of a 'Send for review': a name, an e-mail, both or neither. */
export const reviewerSchema = z.object({
  name: optionalText(MAX_REVIEWER_NAME),
  email: optionalEmail,
});

/**
 * Body of POST /api/clients/{clientId}/content/{contentId}/reviews: one reviewer (`reviewerName`,
 * `reviewerEmail`), or several (`reviewers`, a link each, which then take the place of the first two),
 * the rule among them, and whether their thread is kept apart from the colleagues'.
 */
export const createReviewSchema = z.object({
  reviewerName: optionalText(MAX_REVIEWER_NAME),
  reviewerEmail: optionalEmail,
  reviewers: z.optional(
    z
      .array(reviewerSchema)
      .check(
        z.minLength(1, REVIEW_MESSAGES.reviewers),
        z.maxLength(MAX_REVIEWERS, REVIEW_MESSAGES.reviewers),
      ),
  ),
  rule: z._default(z.enum(REVIEW_RULES, { error: REVIEW_MESSAGES.rule }), 'all'),
  threadApart: z._default(z.boolean(), false),
  message: optionalText(MAX_REVIEW_MESSAGE),
  expiresInDays: z._default(
    z
      .int({ error: REVIEW_MESSAGES.expiry })
      .check(z.minimum(1, REVIEW_MESSAGES.expiry), z.maximum(REVIEW_EXPIRY_MAX_DAYS, REVIEW_MESSAGES.expiry)),
    REVIEW_EXPIRY_DEFAULT_DAYS,
  ),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** Body of POST …/comments (the review page and the app's review panel). */
export const reviewCommentSchema = z.object({
  text: z
    .string({ error: REVIEW_MESSAGES.commentRequired })
    .check(
      z.trim(),
      z.minLength(1, REVIEW_MESSAGES.commentRequired),
      z.maxLength(MAX_COMMENT, `The comment may be at most ${MAX_COMMENT} characters`),
    ),
  quote: optionalText(MAX_QUOTE),
  /** Where the quoted passage is in the version's text (shared/text-anchor.ts). */
  anchor: z.optional(textAnchorSchema),
});
export type ReviewCommentInput = z.input<typeof reviewCommentSchema>;

/** A version id as the item's replies carry it (a ULID; an item from before versions has its own id). */
const MAX_VERSION_ID = 64;

/**
 * Body of POST …/decision: the version the decision is about (the one the page or panel shows), and
 * requesting changes says what should change.
 */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
    versionId: z
      .string({ error: REVIEW_MESSAGES.versionRequired })
      .check(
        z.minLength(1, REVIEW_MESSAGES.versionRequired),
        z.maxLength(MAX_VERSION_ID, `must be at most ${MAX_VERSION_ID} characters`),
      ),
    comment: optionalText(MAX_COMMENT),
    /** A passage of the text the comment is about. */
    quote: optionalText(MAX_QUOTE),
    anchor: z.optional(textAnchorSchema),
  })
  .check(
    z.refine((body) => body.decision !== 'request_changes' || body.comment !== undefined, {
      message: REVIEW_MESSAGES.changesNeedComment,
      path: ['comment'],
    }),
  );
export type ReviewDecisionInput = z.input<typeof reviewDecisionSchema>;

export type ReviewState = 'open' | 'expired' | 'revoked';

/** A review link as the app lists it (never its token, which only its creator ever sees). */
export type ReviewSummary = z.output<typeof reviewSummarySchema>;

/** A comment or decision as the replies carry it (the schema: shared/review-replies.ts). */
export type ReviewComment = z.output<typeof reviewCommentReplySchema>;
export type ReviewCommentAuthor = ReviewComment['author'];

/** One reviewer's link of a 'Send for review'. The token is in `reviewUrl` and nowhere else, once. */
export interface CreatedReviewLink {
  reviewId: string;
  reviewUrl: string;
  review: ReviewSummary;
}

/** 201 of POST …/reviews: the first reviewer's link at the top, and every reviewer's in `links`. */
export interface CreatedReview {
  reviewId: string;
  reviewUrl: string;
  expiresAt: string;
  review: ReviewSummary;
  links: CreatedReviewLink[];
  content: ClientContent;
}

/**
 * A version a link shows or a comment was made on, as History lists it (its time), so the panel can say
 * which words each decision was about.
 */
export interface ReviewVersionLabel {
  versionId: string;
  /** When the version was made: the time History shows on its row. */
  createdAt: string;
  /** Whether it is the item's words now. */
  current: boolean;
}

/** GET …/content/{contentId}/reviews: the item's review panel. */
export interface ReviewPanel {
  reviews: ReviewSummary[];
  comments: ReviewComment[];
  /** Every version a link or a comment names, oldest first. */
  versions: ReviewVersionLabel[];
}

/** GET /api/reviews/{token}: what the review page shows, and nothing else of the client or agency. */
export type PublicReview = z.output<typeof publicReviewSchema>;
/** 200 of POST /api/reviews/{token}/decision. */
export type PublicDecisionReply = z.output<typeof publicDecisionReplySchema>;

/**
 * A comment as the review page gets it (docs/decisions.md, 'Review links are capability URLs'): no id
 * of the comment or the link, and a colleague's name is the agency's, never their e-mail address.
 */
export type PublicReviewComment = PublicReview['comments'][number];

/** How the review page names a colleague when the agency has not set its name. */
export const AGENCY_AUTHOR_FALLBACK = 'The agency';

/** Pushed over the WebSocket to the owner, grantees and admins when a review changes. */
export const REVIEW_EVENT = 'review.changed';

export interface ReviewEvent {
  type: typeof REVIEW_EVENT;
  clientId: string;
  contentId: string;
  status: ContentStatus;
  /** What happened, for a toast: 'requested', 'commented', 'approved', 'changes_requested', 'revoked', 'updated'. */
  change: 'requested' | 'commented' | 'approved' | 'changes_requested' | 'revoked' | 'updated';
  comment?: ReviewComment;
  review?: ReviewSummary;
}

/** Activity Tracker actions of the review loop. */
export const REVIEW_ACTIVITY = {
  requested: 'review_requested',
  commented: 'review_commented',
  approved: 'review_approved',
  changesRequested: 'review_changes_requested',
} as const;

export function decisionActivity(decision: ReviewDecision): ActivityAction {
  return decision === 'approve' ? REVIEW_ACTIVITY.approved : REVIEW_ACTIVITY.changesRequested;
}
