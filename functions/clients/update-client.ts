import type * as z from 'zod/mini';
import { recordActivity } from '#functions/activities/activity-log';
import { httpHandler } from '#functions/commons/http-handler';
import { clientReplaceSchema, type ParsedClientChanges } from '#shared/client-input';
import { authorizeClient } from './client-access';
import { clientReply } from './client-reply';
import { updateClient } from './client-store';

/** A client write by a body of `schema`, recorded as `client_updated` (PUT and PATCH differ in the body). */
export function clientUpdateHandler(schema: z.ZodMiniType<ParsedClientChanges>) {
  return httpHandler({
    access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
    body: schema,
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
}

/**
 * PUT /api/clients/{clientId}: replaces the whole profile, so the body names every field (null clears
 * one; the write-only password may be left out to keep it); a body that leaves one out is refused
 *. PATCH (patch-client.ts) changes only the fields it names.
 */
export const handler = clientUpdateHandler(clientReplaceSchema);
