import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createApiKey } from './create-api-key';
import { handler as deleteApiKey } from './delete-api-key';
import { handler as listApiKeys } from './list-api-keys';
import { handler as updateApiKey } from './update-api-key';

/** The ApiKeys function: /api/api-keys[/{keyId}] (contract/routes.ts). */
export const handler = dispatchRoutes('ApiKeys', {
  ListApiKeys: listApiKeys,
  CreateApiKey: createApiKey,
  UpdateApiKey: updateApiKey,
  DeleteApiKey: deleteApiKey,
});
