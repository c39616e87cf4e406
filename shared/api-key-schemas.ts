import { API_KEY_MESSAGES, API_KEY_SCOPES, MAX_API_KEY_NAME_LENGTH } from './api-keys';
import * as z from './validation/zod';

/** Request bodies of the key routes, parsed by the API Keys screen and again by the server. */

/** Body of POST /api/api-keys. */
export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, API_KEY_MESSAGES.nameRequired),
      z.maxLength(MAX_API_KEY_NAME_LENGTH, `The name may be at most ${MAX_API_KEY_NAME_LENGTH} characters`),
    ),
  /** Absent: every scope. */
  scopes: z.optional(
    z.array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` })).check(
      z.minLength(1, API_KEY_MESSAGES.scopesRequired),
      z.refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is listed twice'),
    ),
  ),
  /** Absent or null: the key never expires. Checked against the clock by the server. */
  expires_at: z.optional(z.nullable(z.iso.datetime({ offset: true, error: API_KEY_MESSAGES.expiryInvalid }))),
});
export type CreateApiKeyRequest = z.output<typeof createApiKeyRequestSchema>;

/** Body of PATCH /api/api-keys/{keyId}. */
export const updateApiKeyRequestSchema = z.object({ is_active: z.boolean() });
export type UpdateApiKeyRequest = z.output<typeof updateApiKeyRequestSchema>;
