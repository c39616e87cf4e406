import { httpHandler } from '#functions/commons/http-handler';
import { updateContentSchema } from '#shared/content';
import { reconcileContentEdit } from '#shared/content-edit';
import { authorizeContent } from './authorize-content';
import { updateContent } from './content-store';

/**
 * PUT /api/clients/{clientId}/content/{contentId}: the library's Edit dialog; sets a new `updated_at`.
 * A changed text with an unchanged HTML rebuilds the HTML from the text (shared/content-edit.ts), so
 * every client of the API sees the same rule as the dialog.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: updateContentSchema,
  handle: async ({ access: { content }, body }) => {
    const before = { content: content.content ?? '', html_content: content.html_content ?? '' };
    const { content: text, html_content } = reconcileContentEdit(before, body);
    return updateContent(content, { ...body, content: text, html_content });
  },
});
