import { recordActivity } from '#functions/activities/activity-log';
import { httpHandler } from '#functions/commons/http-handler';
import { clientReply } from './client-reply';
import { findRestorableClient, restoreClient } from './client-trash';

/**
 * POST /api/clients/{clientId}/restore: the Undo of a client delete, for the client's creator, the user
 * who deleted it, or an admin. 404 when there is nothing to restore.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => findRestorableClient(caller, params.clientId ?? ''),
  handle: async ({ caller, access, userAgent }) => {
    const record = await restoreClient(access);
    await recordActivity(caller, {
      action: 'client_restored',
      resourceType: 'client',
      resourceId: record.clientId,
      details: { client_name: record.name },
      userAgent,
    });
    return clientReply(record);
  },
});
