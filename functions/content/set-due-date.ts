import { httpHandler } from '#functions/commons/http-handler';
import { dueDateSchema } from '#shared/calendar';
import { authorizeContent } from './authorize-content';
import { toClientContent } from './content-record';
import { patchContent } from './content-store';

/**
 * PUT /api/clients/{clientId}/content/{contentId}/due-date `{dueDate}`: the day an item is due by, shown
 * on the calendar (docs/decisions.md, "Versions, review and approval, and the content calendar"); null clears
 * it. Not a change of the words, so no version.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: dueDateSchema,
  handle: async ({ access: { content }, body }) =>
    toClientContent(await patchContent(content, () => ({ dueDate: body.dueDate }))),
});
