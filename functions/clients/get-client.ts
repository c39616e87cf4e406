import { httpHandler } from '#functions/commons/http-handler';
import { requireClientAccess } from './client-access';

/** GET /api/clients/{clientId} */
export const handler = httpHandler({
  access: ({ caller, params }) => requireClientAccess(caller, params.clientId ?? ''),
  handle: async ({ access: client }) => client,
});
