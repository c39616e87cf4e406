import { CLIENT_TEXT_FIELDS, type ClientTextField } from '#shared/client';
import * as z from '#shared/validation/zod';

const optionalString = z.optional(z.string());

/**
 * What a trash snapshot holds for the client item (the encrypted password included, never plain;
 * client-trash.ts); parsing it back rejects a damaged snapshot. Apart from client-record.ts so that
 * handlers which only read clients do not build it.
 */
export const clientRecordSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, optionalString])) as Record<
    ClientTextField,
    typeof optionalString
  >),
  wordpress_password_cipher: optionalString,
  createdBy: z.string(),
  createdByEmail: optionalString,
  createdAt: z.string(),
  updatedAt: z.string(),
  contentCount: z.optional(z.number()),
  accessCount: z.optional(z.number()),
  requireApproval: z.optional(z.boolean()),
  approvalSteps: optionalString,
});

export type StoredClient = z.output<typeof clientRecordSchema>;
