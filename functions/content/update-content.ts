import { httpHandler } from '#functions/commons/http-handler';
import { keepSavedMedia } from '#functions/media/saved-media';
import { afterNewVersion } from '#functions/reviews/review-service';
import { updateContentSchema } from '#shared/content';
import { authorizeContent } from './authorize-content';
import { toClientContent } from './content-record';
import { updateContent } from './content-saves';

/**
 * PUT /api/clients/{clientId}/content/{contentId}: the library's Edit dialog; sets a new `updated_at`.
 * The text and the HTML are stored as sent: an edited text never rebuilds the HTML here
 * (docs/decisions.md, "Clients, access and the library"). The dialog applies a text edit to the HTML itself,
 * and rebuilds it only when the user asks. A change of the words is a new version; under review it takes the
 * item back to Draft unless `updateOpenReview` keeps the open review on it. Media of the caller's that the
 * edited item names is kept as saved (functions/media/saved-media.ts).
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  body: updateContentSchema,
  handle: async ({ caller, access: { record, content }, body }) => {
    // Before the item changes: a file it names is kept before anything refers to it.
    await keepSavedMedia(caller, body);
    const change = await updateContent(content, body, { userId: caller.userId, email: caller.email });
    await afterNewVersion({ client: record }, change);
    return toClientContent(change.record);
  },
});
