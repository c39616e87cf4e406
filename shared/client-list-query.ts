import {
  CLIENT_PAGE_DEFAULT,
  CLIENT_PAGE_MAX,
  CLIENT_SEARCH_MAX,
  CLIENT_SEARCHED_FIELDS,
  FULL_CLIENT_FIELDS,
} from './client-list';
import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import * as z from './validation/zod';

/**
 * The query of GET /api/clients, the one schema the handler validates with and the OpenAPI document
 * describes. Field names in `fields` are checked by the handler (functions/clients/client-fields.ts),
 * which names the unknown ones.
 */

export const listClientsQuerySchema = z.object({
  limit: pageLimitSchema(CLIENT_PAGE_MAX, CLIENT_PAGE_DEFAULT).check(
    z.meta({ description: `Clients per page, 1 to ${CLIENT_PAGE_MAX} (default ${CLIENT_PAGE_DEFAULT}).` }),
  ),
  cursor: pageCursorSchema().check(
    z.meta({ description: 'The `next_cursor` of the previous page; absent for the first page.' }),
  ),
  fields: z.optional(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))).check(
    z.meta({
      description: `Absent: each client as its card shows it, with 200-character \`*_instructions_preview\` fields instead of the instructions. \`${FULL_CLIENT_FIELDS}\`: every field. Or a comma-separated list of field names (\`id\` is always included).`,
    }),
  ),
  search: z
    .optional(
      z
        .string()
        .check(z.trim(), z.maxLength(CLIENT_SEARCH_MAX, `must be at most ${CLIENT_SEARCH_MAX} characters`)),
    )
    .check(
      z.meta({
        description: `Only the clients whose ${CLIENT_SEARCHED_FIELDS.map((field) => `\`${field}\``).join(', ')} contains this text, ignoring case and the spaces around it (at most ${CLIENT_SEARCH_MAX} characters); empty or absent: every client. Pages follow \`next_cursor\` as without it, the same \`search\` sent with each.`,
      }),
    ),
});

export type ListClientsQuery = z.output<typeof listClientsQuerySchema>;
