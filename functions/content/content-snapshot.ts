import * as z from '#shared/validation/zod';

/**
 * What a trash snapshot holds for one library item (content-trash.ts, client-trash.ts); parsing it back
 * rejects a damaged snapshot. Apart from content-record.ts so that handlers which only read or write
 * content do not build it.
 */
export const contentRecordSchema = z.object({
  clientId: z.string(),
  contentId: z.string(),
  title: z.string(),
  content: z.optional(z.string()),
  html_content: z.optional(z.string()),
  content_type: z.string(),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  createdBy: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.optional(z.string()),
  dueDate: z.optional(z.string()),
  currentVersionId: z.optional(z.string()),
  approvedVersionId: z.optional(z.string()),
  // Checked entry by entry when read (approvalsOf, content-record.ts), as the table holds them.
  approvals: z.optional(z.unknown()),
  approvalsCarried: z.optional(z.object({ from: z.string(), to: z.string() })),
  publishDate: z.optional(z.string()),
});

export type StoredContent = z.output<typeof contentRecordSchema>;
