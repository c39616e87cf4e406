import * as z from 'zod';
import { CLIENT_PAGE_DEFAULT, CLIENT_PAGE_MAX, FULL_CLIENT_FIELDS } from './client-list';
import { INVALID_CURSOR } from './page-cursor';

/**
 * The query of GET /api/clients, the one schema the handler validates with and the OpenAPI document
 * describes. Field names in `fields` are checked by the handler (functions/clients/client-fields.ts),
 * which names the unknown ones.
 */

export const listClientsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CLIENT_PAGE_MAX, `must be at most ${CLIENT_PAGE_MAX}`)
    .default(CLIENT_PAGE_DEFAULT)
    .meta({ description: `Clients per page, 1 to ${CLIENT_PAGE_MAX} (default ${CLIENT_PAGE_DEFAULT}).` }),
  cursor: z
    .string()
    .max(500, INVALID_CURSOR)
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page; absent for the first page.' }),
  fields: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .optional()
    .meta({
      description: `Absent: each client as its card shows it, with 200-character \`*_instructions_preview\` fields instead of the instructions. \`${FULL_CLIENT_FIELDS}\`: every field. Or a comma-separated list of field names (\`id\` is always included).`,
    }),
});

export type ListClientsQuery = z.output<typeof listClientsQuerySchema>;
