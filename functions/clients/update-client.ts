import { recordActivity } from '#functions/activities/activity-log';
import { httpHandler } from '#functions/commons/http-handler';
import { clientInputSchema } from '#shared/client-input';
import { authorizeClient } from './client-access';
import { clientReply } from './client-reply';
import { updateClient } from './client-store';

/** PUT /api/clients/{clientId}: replaces the editable fields; recorded as `client_updated`. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  body: clientInputSchema,
  handle: async ({ caller, access: { record }, body, userAgent }) => {
    const { record: updated, changed } = await updateClient(record, body);
    await recordActivity(caller, {
      action: 'client_updated',
      resourceType: 'client',
      resourceId: updated.clientId,
      details: { client_name: updated.name, changed_fields: changed },
      userAgent,
    });
    return clientReply(updated);
  },
});
