import { httpHandler } from '#functions/commons/http-handler';
import { listClientsPage, parseListClientsQuery } from './client-list';

/**
 * GET /api/clients?limit=&cursor=&fields=&search=: the visible clients (those matching `search`, if
 * given), newest first, one page at a time. By default each as its card shows it; `fields=full` for
 * every field, or a list of fields for a picker.
 */
export const handler = httpHandler({
  handle: async ({ caller, query }) => listClientsPage(caller, parseListClientsQuery(query)),
});
