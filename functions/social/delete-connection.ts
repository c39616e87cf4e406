import { recordActivity } from '#functions/activities/activity-log';
import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { deleteConnection, findConnection } from './connection-store';

/**
 * DELETE /api/clients/{clientId}/connections/{connectionId}: Disconnect. The tokens are deleted with the
 * connection; its publications keep the channel's name, and a scheduled one fails at its time.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ caller, access: { record }, params, userAgent }) => {
    const connection = await findConnection(record.clientId, params.connectionId ?? '');
    await deleteConnection(connection);
    await recordActivity(caller, {
      action: 'channel_disconnected',
      resourceType: 'client',
      resourceId: record.clientId,
      details: {
        client_id: record.clientId,
        client_name: record.name,
        platform: connection.platform,
        channel: connection.name,
      },
      userAgent,
    });
  },
});
