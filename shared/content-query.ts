import { CONTENT_TYPES } from './content';
import { pageCursorSchema, pageLimitSchema } from './validation/page-query';
import * as z from './validation/zod';

/**
 * The library's list query, which the Content function validates; apart from the reply schemas
 * (content-schemas.ts), which only the OpenAPI document reads, so the function does not carry them.
 */

export const CONTENT_PAGE_DEFAULT = 50;
/**
 * A library of 5,000 items is two requests: the first screen's page, then the rest
 * (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids").
 */
export const CONTENT_PAGE_MAX = 5000;

export const CONTENT_SEARCH_MAX_LENGTH = 200;

/** GET /api/clients/{clientId}/content's query. */
export const listContentQuerySchema = z.object({
  limit: pageLimitSchema(CONTENT_PAGE_MAX, CONTENT_PAGE_DEFAULT),
  type: z.optional(z.enum(CONTENT_TYPES)).check(z.meta({ description: 'Only the items of this type.' })),
  cursor: pageCursorSchema(),
  /** Only the items whose title or text holds these words (any case): the library's search. */
  search: z
    .optional(z.string().check(z.maxLength(CONTENT_SEARCH_MAX_LENGTH)))
    .check(z.meta({ description: 'Only the items whose title or text holds these words, in any case.' })),
});
