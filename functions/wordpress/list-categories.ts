import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { connectWordPress } from './wordpress-connection';

/** GET /api/clients/{clientId}/wordpress/categories: the editor's Categories select. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access }) => {
    const { site } = await connectWordPress(access);
    return { categories: await site.listCategories() };
  },
});
