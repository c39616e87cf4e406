import { recordActivity } from '#functions/activities/activity-log';
import { httpHandler } from '#functions/commons/http-handler';
import { authorizeClient } from './client-access';
import { deleteClientRecoverably } from './client-trash';

/**
 * DELETE /api/clients/{clientId}: the client, its content and its grants go at once; POST .../restore
 * brings them back. Recorded as `client_deleted`.
 */
export const handler = httpHandler({
  handle: async ({ caller, params, userAgent }) => {
    const { record } = await authorizeClient(caller, params.clientId ?? '');
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
