import * as z from '#shared/validation/zod';

/**
 * What delete snapshots hold of an item's history
 * (docs/decisions.md, "Versions, review and approval, and the content calendar": deleting an item deletes its
 * versions and review links, and Undo brings them all back): its versions, review links and comments as
 * stored. Parsing them back rejects a damaged snapshot. Snapshots from before versions have none of these.
 */

export const versionRecordSchema = z.object({
  clientId: z.string(),
  contentId: z.string(),
  versionId: z.string(),
  title: z.string(),
  content: z.optional(z.string()),
  html_content: z.optional(z.string()),
  wordCount: z.number(),
  source: z.string(),
  changed: z.optional(z.array(z.string())),
  previousVersionId: z.optional(z.string()),
  restoredFrom: z.optional(z.string()),
  authorUserId: z.optional(z.string()),
  authorEmail: z.optional(z.string()),
  createdAt: z.string(),
});

export const reviewRecordSchema = z.object({
  clientId: z.string(),
  contentId: z.string(),
  reviewId: z.string(),
  tokenHash: z.string(),
  reviewerName: z.optional(z.string()),
  reviewerEmail: z.optional(z.string()),
  message: z.optional(z.string()),
  versionId: z.string(),
  createdBy: z.string(),
  createdByEmail: z.string(),
  createdAt: z.string(),
  validUntil: z.string(),
  revokedAt: z.optional(z.string()),
  revokedBy: z.optional(z.string()),
  decision: z.optional(z.string()),
  decidedAt: z.optional(z.string()),
});

export const commentRecordSchema = z.object({
  clientId: z.string(),
  contentId: z.string(),
  commentId: z.string(),
  reviewId: z.optional(z.string()),
  versionId: z.optional(z.string()),
  kind: z.string(),
  decision: z.optional(z.string()),
  text: z.string(),
  quote: z.optional(z.string()),
  anchor: z.optional(
    z.object({
      quote: z.string(),
      prefix: z.string(),
      suffix: z.string(),
      start: z.number(),
      end: z.number(),
    }),
  ),
  authorKind: z.string(),
  authorName: z.string(),
  authorUserId: z.optional(z.string()),
  createdAt: z.string(),
});

/** An item's history in a snapshot; absent lists (older snapshots) read as empty. */
export const historySnapshotSchema = {
  versions: z._default(z.array(versionRecordSchema), []),
  reviews: z._default(z.array(reviewRecordSchema), []),
  comments: z._default(z.array(commentRecordSchema), []),
};
