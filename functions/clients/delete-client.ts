import { recordActivity } from '#functions/activities/activity-log';
import { ForbiddenError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeClient } from './client-access';
import { deleteClientRecoverably } from './client-trash';

export const DELETE_OWNERS_ONLY = "Only the client's owner or an administrator can delete this client.";

/**
 * DELETE /api/clients/{clientId}: the client, its content and its grants go at once; POST .../restore
 * brings them back. Recorded as `client_deleted`. Only the creator or an admin may delete: a colleague
 * with a grant works on the client but cannot remove the owner's client and its library (403; a
 * caller who cannot see the client gets the usual 404).
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ caller, access: { record, role }, userAgent }) => {
    if (role === 'granted') throw new ForbiddenError(DELETE_OWNERS_ONLY);
    await deleteClientRecoverably(caller, record);
    await recordActivity(caller, {
      action: 'client_deleted',
      resourceType: 'client',
      resourceId: record.clientId,
      details: {
        client_name: record.name,
        content_count: Math.max(0, record.contentCount ?? 0),
        access_count: Math.max(0, record.accessCount ?? 0),
      },
      userAgent,
    });
  },
});
