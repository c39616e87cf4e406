import { httpHandler } from '#functions/commons/http-handler';
import { authorizeClient } from './client-access';
import { clientReply } from './client-reply';

/** GET /api/clients/{clientId}: the profile, its budget and this month's cost so far. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access: { record } }) => clientReply(record),
});
