import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { connectWordPress } from './wordpress-connection';

/** POST /api/clients/{clientId}/wordpress/test: says exactly what is wrong before anyone publishes. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access }) => {
    const { site } = await connectWordPress(access);
    return site.testConnection();
  },
});
