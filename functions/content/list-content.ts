import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { listContentPage, parseListContentQuery } from './content-list';

/** GET /api/clients/{clientId}/content?limit=&cursor=&type=: newest first, one page at a time. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access: { record }, query }) => {
    const options = parseListContentQuery(query);
    return listContentPage(record.clientId, options);
  },
});
