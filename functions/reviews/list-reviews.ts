import { httpHandler } from '#functions/commons/http-handler';
import { authorizeContent } from '#functions/content/authorize-content';
import { reviewPanel } from './review-service';

/** GET /api/clients/{clientId}/content/{contentId}/reviews → `{reviews, comments}`: the review panel. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeContent(caller, params.clientId ?? '', params.contentId ?? ''),
  handle: async ({ access: { content } }) => reviewPanel(content),
});
