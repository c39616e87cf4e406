import * as z from '#shared/validation/zod';

/** A grant as a client's trash snapshot holds it (client-trash.ts); parsing it back rejects a damaged one. */
export const accessRecordSchema = z.object({
  clientId: z.string(),
  userEmail: z.string(),
  accessId: z.string(),
  grantedBy: z.string(),
  grantedByEmail: z.optional(z.string()),
  createdAt: z.string(),
});
