import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { listContentPage, parseListContentQuery } from './content-list';

/** GET /api/clients/{clientId}/content?limit=&cursor=&type=: newest first, one page at a time. */
export const handler = httpHandler({
  handle: async ({ caller, params, query }) => {
    const options = parseListContentQuery(query);
    const { record } = await authorizeClient(caller, params.clientId ?? '');
    return listContentPage(record.clientId, options);
  },
});
