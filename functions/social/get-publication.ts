import { httpHandler } from '#functions/commons/http-handler';
import { publicationAccess, publicationKey } from './publication-call';
import { requirePublication, toPublication } from './publication-store';

/** GET …/publications/{publicationId} → its state, with `postUrl` once published. */
export const handler = httpHandler({
  access: publicationAccess,
  handle: async ({ access, params }) =>
    toPublication(await requirePublication(publicationKey(access, params))),
});
