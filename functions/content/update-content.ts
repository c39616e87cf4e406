import { httpHandler } from '#functions/commons/http-handler';
import { updateContentSchema } from '#shared/content';
import { authorizeContent } from './authorize-content';
import { updateContent } from './content-store';

/**
 * PUT /api/clients/{clientId}/content/{contentId}: the library's Edit dialog; sets a new `updated_at`.
 * The text and the HTML are stored as sent: an edited text never rebuilds the HTML here (issue 31 item
 * 2). The dialog applies a text edit to the HTML itself, and rebuilds it only when the user asks.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: updateContentSchema,
  handle: async ({ access: { content }, body }) => updateContent(content, body),
});
