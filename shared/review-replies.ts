import { clientContentSchema } from './content-schemas';
import { CONTENT_STATUSES, REVIEW_DECISIONS } from './content-status';
import { REVIEW_RULES } from './review-outcome';
import { textAnchorSchema } from './text-anchor';
import * as z from './validation/zod';

/**
 * The review routes' replies as schemas: the OpenAPI document is built from them and
 * shared/reviews.ts types the replies by them. Apart from shared/reviews.ts so the Reviews Lambda, which
 * only builds the replies, does not carry them.
 */

const reviewCommentAuthorSchema = z.object({
  /** 'reviewer': through the link; 'staff': a colleague in the app. */
  kind: z.enum(['reviewer', 'staff']),
  name: z.string(),
});

/** What a comment is, wherever it is shown: the app's panel and the public API add its ids. */
const commentFields = {
  versionId: z.nullable(z.string()).check(z.meta({ description: 'The version it was made on.' })),
  kind: z.enum(['comment', 'decision']),
  decision: z.nullable(z.enum(REVIEW_DECISIONS)),
  text: z.string(),
  quote: z.nullable(z.string()).check(z.meta({ description: 'The passage of the text it is about.' })),
  anchor: z.nullable(textAnchorSchema).check(
    z.meta({
      description:
        'Where the quote is in the text of the version it was written on (its context and place), when it was selected there.',
    }),
  ),
  author: reviewCommentAuthorSchema,
  createdAt: z.string(),
};

/** A comment or decision as the replies carry it (the panel, the public API). */
export const reviewCommentReplySchema = z
  .object({
    commentId: z.string(),
    reviewId: z
      .nullable(z.string())
      .check(
        z.meta({ description: 'The link it came through; null for a colleague’s, on the item’s thread.' }),
      ),
    ...commentFields,
  })
  .check(z.meta({ description: 'A comment, or a decision with its comment, on the item.' }));

/**
 * A comment as the review page gets it (docs/decisions.md, 'Review links are capability URLs'): no id
 * of the comment or the link, and a colleague is named by the agency's name, never their e-mail.
 */
export const publicReviewCommentSchema = z.object(commentFields).check(
  z.meta({
    description:
      'A comment, or a decision with its comment, on the item; a colleague’s is signed with the agency’s name.',
  }),
);

/**
 * GET /api/reviews/{token}: what the review page shows, and nothing else of the client or agency (the
 * agency's name and logo, its branding, are what it chose to show its clients).
 */
export const publicReviewSchema = z
  .object({
    agency: z.object({ name: z.nullable(z.string()), logoUrl: z.nullable(z.string()) }).check(
      z.meta({
        description: 'The agency’s name and logo, as an administrator set them (null until then).',
      }),
    ),
    clientName: z.string(),
    title: z.string(),
    html: z.string(),
    text: z
      .string()
      .check(
        z.meta({ description: 'The version’s plain text: what the page compares with the one last seen.' }),
      ),
    status: z.enum(CONTENT_STATUSES),
    comments: z.array(publicReviewCommentSchema).check(
      z.meta({
        description:
          'The item’s thread, oldest first: every reviewer’s and colleague’s, or only the reviewers’ when the review keeps the client’s thread apart.',
      }),
    ),
    expiresAt: z.string(),
    versionId: z.string().check(
      z.meta({
        description: 'The version the link shows: send it with a decision (409 `stale_version` otherwise).',
      }),
    ),
    versionCreatedAt: z.string().check(z.meta({ description: 'When the version under review was made.' })),
    sentAt: z.string(),
    reviewerName: z.nullable(z.string()),
    message: z.nullable(z.string()),
    canDecide: z
      .boolean()
      .check(z.meta({ description: 'Whether Approve and Request changes are open on this version.' })),
    decision: z.nullable(z.enum(['approved', 'changes_requested'])).check(
      z.meta({
        description: 'This link’s own latest decision on the version it shows; others may still be awaited.',
      }),
    ),
  })
  .check(z.meta({ description: 'A review link’s page: the version under review and its thread.' }));

/** 200 of POST /api/reviews/{token}/decision: the item's status after it, and the decision as stored. */
export const publicDecisionReplySchema = z.object({
  status: z
    .enum(CONTENT_STATUSES)
    .check(z.meta({ description: 'Where all the decisions on this version together leave the item.' })),
  comment: publicReviewCommentSchema,
});

/** A review link as the app lists it (never its token, which only its creator ever sees). */
export const reviewSummarySchema = z
  .object({
    reviewId: z.string(),
    reviewerName: z.nullable(z.string()),
    reviewerEmail: z.nullable(z.string()),
    message: z.nullable(z.string()),
    versionId: z.string().check(
      z.meta({
        description: 'The version the reviewer sees (moved on when the item is edited while open).',
      }),
    ),
    requestId: z
      .string()
      .check(z.meta({ description: 'The Send for review it came from: its links share the rule.' })),
    rule: z.enum(REVIEW_RULES),
    threadApart: z
      .boolean()
      .check(z.meta({ description: 'The reviewers see only the reviewers’ comments.' })),
    createdAt: z.string(),
    createdBy: z.string(),
    expiresAt: z.string(),
    state: z.enum(['open', 'expired', 'revoked']),
    revokedAt: z.nullable(z.string()),
    decision: z.nullable(z.enum(['approved', 'changes_requested'])),
    decidedAt: z.nullable(z.string()),
  })
  .check(z.meta({ description: 'A review link, as the app lists it.' }));

const createdReviewLinkSchema = z.object({
  reviewId: z.string(),
  reviewUrl: z
    .string()
    .check(
      z.meta({ description: 'The reviewer’s link: its token is in it and nowhere else, shown this once.' }),
    ),
  review: reviewSummarySchema,
});

/** 201 of POST …/reviews: the first reviewer's link at the top, and every reviewer's in `links`. */
export const createdReviewReplySchema = z.object({
  ...createdReviewLinkSchema.shape,
  expiresAt: z.string(),
  links: z.array(createdReviewLinkSchema),
  content: clientContentSchema,
});
