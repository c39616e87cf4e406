import { httpHandler } from '#functions/commons/http-handler';
import { toVersion } from './content-versions';
import { authorizeVersion } from './version-access';

/** GET /api/clients/{clientId}/content/{contentId}/versions/{versionId}: one whole version. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeVersion(caller, params),
  handle: async ({ access: { version } }) => toVersion(version),
});
