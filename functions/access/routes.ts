import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as grantAccess } from './grant-access';
import { handler as listAccess } from './list-access';
import { handler as revokeAccess } from './revoke-access';

/** The ClientAccess function: /api/clients/{clientId}/access[/{accessId}] (contract/routes.ts). */
export const handler = dispatchRoutes('ClientAccess', {
  ListAccess: listAccess,
  GrantAccess: grantAccess,
  RevokeAccess: revokeAccess,
});
