import type { ActivityAction } from './activity';
import type { AgencyBranding } from './agency-settings';
import type { ClientContent } from './content';
import { type ContentStatus, REVIEW_DECISIONS, type ReviewDecision } from './content-status';
import { normalizeEmail } from './email-domain';
import { type TextAnchor, textAnchorSchema } from './text-anchor';
import * as z from './validation/zod';

/**
 * Review by colleagues and by the client (issue 33 item 3): the request bodies, replies and messages of
 * the review routes, parsed by the browser and again by the server.
 */

export const REVIEW_EXPIRY_DEFAULT_DAYS = 14;
export const REVIEW_EXPIRY_MAX_DAYS = 60;
export const MAX_REVIEWER_NAME = 200;
export const MAX_REVIEW_MESSAGE = 5_000;
export const MAX_COMMENT = 5_000;
/** A quoted passage is a selection of the text, shown above the comment; long ones are cut. */
export const MAX_QUOTE = 1_000;

export const REVIEW_MESSAGES = {
  commentRequired: 'Please write a comment.',
  changesNeedComment: 'Please say what should change: a comment is required to request changes.',
  invalidEmail: 'Please enter a valid e-mail address.',
  expiry: `The link can stay open for 1 to ${REVIEW_EXPIRY_MAX_DAYS} days.`,
  notInReview: 'This content is not waiting for a review decision.',
  staleVersion:
    'This content has changed since it was sent for review; the agency will send the new version.',
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

/** Body of POST /api/clients/{clientId}/content/{contentId}/reviews. */
export const createReviewSchema = z.object({
  reviewerName: optionalText(MAX_REVIEWER_NAME),
  reviewerEmail: optionalEmail,
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
  /** Where the quoted passage is in the version's text (issue 42 item 5; shared/text-anchor.ts). */
  anchor: z.optional(textAnchorSchema),
});
export type ReviewCommentInput = z.input<typeof reviewCommentSchema>;

/** Body of POST …/decision: requesting changes says what should change. */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS),
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
export interface ReviewSummary {
  reviewId: string;
  reviewerName: string | null;
  reviewerEmail: string | null;
  message: string | null;
  /** The version the reviewer sees (moved on when the editor updates the open review). */
  versionId: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  state: ReviewState;
  revokedAt: string | null;
  decision: 'approved' | 'changes_requested' | null;
  decidedAt: string | null;
}

export interface ReviewCommentAuthor {
  /** 'reviewer': through the link; 'staff': a colleague in the app. */
  kind: 'reviewer' | 'staff';
  name: string;
}

export interface ReviewComment {
  commentId: string;
  /** The link it came through, or the open one a colleague wrote on; null for a note without one. */
  reviewId: string | null;
  versionId: string | null;
  kind: 'comment' | 'decision';
  decision: ReviewDecision | null;
  text: string;
  quote: string | null;
  /** Where the quote is in the text of the version it was written on, when it was selected there. */
  anchor: TextAnchor | null;
  author: ReviewCommentAuthor;
  createdAt: string;
}

/** 201 of POST …/reviews. The token is in `reviewUrl` and nowhere else, once. */
export interface CreatedReview {
  reviewId: string;
  reviewUrl: string;
  expiresAt: string;
  review: ReviewSummary;
  content: ClientContent;
}

/** GET …/content/{contentId}/reviews: the item's review panel. */
export interface ReviewPanel {
  reviews: ReviewSummary[];
  comments: ReviewComment[];
}

/**
 * A comment as the review page gets it (issue 42 item 6; docs/decisions.md, 'Review links are
 * capability URLs'): no id of the comment or the link, and a colleague's name is the agency's, never
 * their e-mail address.
 */
export type PublicReviewComment = Omit<ReviewComment, 'commentId' | 'reviewId'>;

/** How the review page names a colleague when the agency has not set its name. */
export const AGENCY_AUTHOR_FALLBACK = 'The agency';

/**
 * GET /api/reviews/{token}: what the review page shows, and nothing else of the client or agency (the
 * agency's name and logo, its branding, are what it chose to show its clients).
 */
export interface PublicReview {
  agency: AgencyBranding;
  clientName: string;
  title: string;
  html: string;
  status: ContentStatus;
  comments: PublicReviewComment[];
  expiresAt: string;
  versionId: string;
  /** When the version under review was made. */
  versionCreatedAt: string;
  sentAt: string;
  reviewerName: string | null;
  message: string | null;
  /** Whether Approve and Request changes are open (the item waits for a decision on this version). */
  canDecide: boolean;
}

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

/** Activity Tracker actions of the review loop (issue 33 item 3). */
export const REVIEW_ACTIVITY = {
  requested: 'review_requested',
  commented: 'review_commented',
  approved: 'review_approved',
  changesRequested: 'review_changes_requested',
} as const;

export function decisionActivity(decision: ReviewDecision): ActivityAction {
  return decision === 'approve' ? REVIEW_ACTIVITY.approved : REVIEW_ACTIVITY.changesRequested;
}
