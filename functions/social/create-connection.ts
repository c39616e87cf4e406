import { authorizeClient } from '#functions/clients/client-access';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { connectionCreateSchema } from '#shared/channel-requests';
import { connectAccount } from './channel-authorizations';

/** POST /api/clients/{clientId}/connections `{authorizationId, accountId}` → 201 the connection. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: connectionCreateSchema,
  handle: async ({ caller, access: { record }, body, userAgent }) =>
    new HttpResult(201, await connectAccount(caller, record, body, userAgent)),
});
