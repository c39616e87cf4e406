import { httpHandler } from '#functions/commons/http-handler';
import { authorizeWordPress } from './wordpress-connection';

/** POST /api/clients/{clientId}/wordpress/test: says exactly what is wrong before anyone publishes. */
export const handler = httpHandler({
  handle: async ({ caller, params }) => {
    const { site } = await authorizeWordPress(caller, params.clientId ?? '');
    return site.testConnection();
  },
});
