import { recordActivity } from '#functions/activities/activity-log';
import { authorizeAccessManager } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { revokeAccess } from './access-store';

/** DELETE /api/clients/{clientId}/access/{accessId}: recorded as `access_removed`. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeAccessManager(caller, params.clientId ?? ''),
  handle: async ({ caller, access: { record }, params, userAgent }) => {
    const grant = await revokeAccess(record.clientId, params.accessId ?? '');
    await recordActivity(caller, {
      action: 'access_removed',
      resourceType: 'client_access',
      resourceId: grant.accessId,
      details: { client_id: record.clientId, client_name: record.name, email: grant.userEmail },
      userAgent,
    });
  },
});
