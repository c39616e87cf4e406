import { authorizeAccessManager } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { toClientAccess } from './access-record';
import { listGrants } from './access-store';

/** GET /api/clients/{clientId}/access: the grants, oldest first, for the creator or an admin. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeAccessManager(caller, params.clientId ?? ''),
  handle: async ({ access: { record } }) => {
    return { access: (await listGrants(record.clientId)).map(toClientAccess) };
  },
});
