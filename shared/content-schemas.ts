import { contentApprovalSchema } from './approval-schemas';
import { CONTENT_TYPES } from './content';
import { CONTENT_STATUSES } from './content-status';
import * as z from './validation/zod';
import { WORDPRESS_POST_STATUSES } from './wordpress';

/**
 * A client's library as the API answers it (functions/content/content-record.ts builds the items), for
 * the OpenAPI document: the types the server builds with are shared/content.ts's `ClientContent` and
 * shared/content-summary.ts's `ContentSummary`, and the contract test holds the replies to these schemas.
 */

const optionalText = (description: string) => z.optional(z.string()).check(z.meta({ description }));

/** What every item carries, whole or as its card shows it. */
const contentFields = {
  id: z.string(),
  client_id: z.string(),
  title: z.string(),
  content_type: z
    .string()
    .check(z.meta({ description: `One of ${CONTENT_TYPES.join(', ')} (older items may carry another).` })),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(CONTENT_STATUSES),
  dueDate: optionalText('A calendar date (`2026-11-30`) the item is due by.'),
  versionId: optionalText('The item’s current version.'),
  approvedVersionId: optionalText('The version a reviewer approved.'),
  approvals: z.array(contentApprovalSchema),
  approvalsFromVersionId: optionalText('The version an approval carried to the words that were published.'),
  publishDate: optionalText('When WordPress publishes (or published) the linked post.'),
};

export const clientContentSchema = z.object({
  ...contentFields,
  content: z.string().check(z.meta({ description: 'The item as plain text.' })),
  html_content: z.string().check(z.meta({ description: 'The item as HTML (sanitized).' })),
  metadata: z
    .record(z.string(), z.unknown())
    .check(z.meta({ description: 'What the tool recorded with it.' })),
});

export const wordpressLinkSchema = z.object({
  id: z.number().check(z.int()),
  url: z.nullable(z.string()),
  status: z.nullable(z.enum(WORDPRESS_POST_STATUSES)),
  date: z.nullable(z.string()),
  categories: z.array(z.number().check(z.int())),
});

export const contentSummarySchema = z.object({
  ...contentFields,
  preview: z.string().check(z.meta({ description: 'The first 200 characters of its text.' })),
  word_count: z.number().check(z.int()),
  thumbnails: z.array(z.string()).check(z.meta({ description: 'Media paths of up to four of its images.' })),
  wordpress: z
    .nullable(wordpressLinkSchema)
    .check(z.meta({ description: 'The WordPress post it is linked to.' })),
});

export const contentSummaryPageSchema = z.object({
  content: z.array(contentSummarySchema),
  next_cursor: z
    .nullable(z.string())
    .check(z.meta({ description: 'Send it as `cursor` for the next page; null on the last one.' })),
});
