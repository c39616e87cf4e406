import { httpHandler } from '#functions/commons/http-handler';
import { authorizeWordPress } from './wordpress-connection';

/** GET /api/clients/{clientId}/wordpress/categories: the editor's Categories select. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const { site } = await authorizeWordPress(caller, params.clientId ?? '');
    return { categories: await site.listCategories() };
  },
});
