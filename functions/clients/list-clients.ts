import { httpHandler } from '#functions/commons/http-handler';
import { listVisibleClients } from './client-access';
import { byName, parseClientFields, pickClientFields } from './client-fields';

/**
 * GET /api/clients: the visible clients, newest first. With `?fields=id,name,...` the lean list of the
 * tools' pickers: only those fields, ordered by name.
 */
export const handler = httpHandler({
  handle: async ({ caller, query }) => {
    const fields = query.fields === undefined ? null : parseClientFields(query.fields);
    const clients = await listVisibleClients(caller);
    if (!fields) return { clients };
    return { clients: clients.sort(byName).map((client) => pickClientFields(client, fields)) };
  },
});
