import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError, httpHandler } from '#functions/commons/http-handler';
import { VERSION_PAGE_DEFAULT, VERSION_PAGE_MAX } from '#shared/content-versions';
import { pageCursorSchema, pageLimitSchema } from '#shared/validation/page-query';
import * as z from '#shared/validation/zod';
import { authorizeContent } from './authorize-content';
import { listVersionChain } from './content-versions';

const querySchema = z.object({
  limit: pageLimitSchema(VERSION_PAGE_MAX, VERSION_PAGE_DEFAULT),
  cursor: pageCursorSchema(),
});

/**
 * GET /api/clients/{clientId}/content/{contentId}/versions?limit=&cursor= → `{items, next_cursor}`: the
 * item's versions newest first
 * (docs/decisions.md, "Versions, review and approval, and the content calendar"), a page at a time since an
 * item may have hundreds.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  handle: async ({ access: { content }, query }) => {
    const parsed = querySchema.safeParse({
      limit: query.limit || undefined,
      cursor: query.cursor || undefined,
    });
    if (!parsed.success)
      throw new BadRequestError(describeValidationError(parsed.error), 'validation_failed');
    return listVersionChain(content.clientId, content.contentId, content.currentVersionId, parsed.data);
  },
});
