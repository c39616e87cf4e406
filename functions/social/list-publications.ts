import { httpHandler } from '#functions/commons/http-handler';
import { publicationAccess } from './publication-call';
import { listPublications, toPublication } from './publication-store';

/** GET /api/clients/{clientId}/content/{contentId}/publications → `{items}`, oldest first. */
export const handler = httpHandler({
  access: publicationAccess,
  handle: async ({ access: { record, content } }) => ({
    items: (await listPublications(record.clientId, content.contentId)).map(toPublication),
  }),
});
