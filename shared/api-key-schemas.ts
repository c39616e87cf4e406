import { API_KEY_MESSAGES, MAX_API_KEY_NAME_LENGTH } from './api-keys';
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
});
export type CreateApiKeyRequest = z.output<typeof createApiKeyRequestSchema>;

/** Body of PATCH /api/api-keys/{keyId}. */
export const updateApiKeyRequestSchema = z.object({ is_active: z.boolean() });
export type UpdateApiKeyRequest = z.output<typeof updateApiKeyRequestSchema>;
