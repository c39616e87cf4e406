import { httpHandler } from '#functions/commons/http-handler';
import { authorizeClient } from './client-access';
import { allowOneMoreJob } from './client-budget';
import { clientReply } from './client-reply';

/** POST /api/clients/{clientId}/budget/allow-one-more: an admin lets one more job past the budget. */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ caller, access, userAgent }) => {
    await allowOneMoreJob(caller, access, userAgent);
    return clientReply(access.record);
  },
});
