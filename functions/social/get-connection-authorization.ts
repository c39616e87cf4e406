import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizationChoices } from './channel-authorizations';

/**
 * GET /api/clients/{clientId}/connection-authorizations/{authorizationId} → `{platform, accounts,
 * error?}`: what the platform's consent gave, for the user who pressed Connect to pick an account.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: ({ caller, access: { record }, params }) =>
    authorizationChoices(caller, record.clientId, params.authorizationId ?? ''),
});
