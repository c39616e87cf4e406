import { authorizeClient } from '#functions/clients/client-access';
import { appOrigin } from '#functions/commons/app-origin';
import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { connectionStartSchema } from '#shared/channel-requests';
import { startAuthorization } from './channel-authorizations';

/**
 * POST /api/clients/{clientId}/connection-authorizations `{platform}` → 201 `{authorizationId,
 * authorizationUrl}`: Connect; the browser opens the URL (the platform's consent page).
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: connectionStartSchema,
  handle: async ({ caller, access: { record }, body, event }) =>
    new HttpResult(201, await startAuthorization(caller, record, body.platform, appOrigin(event))),
});
