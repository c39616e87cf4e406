import { HttpResult, httpHandler } from '#functions/commons/http-handler';
import { clientInputSchema } from '#shared/client-input';
import { clientReply } from './client-reply';
import { createClient } from './client-store';

/** POST /api/clients: the caller becomes the client's creator (its owner). */
export const handler = httpHandler({
  body: clientInputSchema,
  handle: async ({ caller, body }) =>
    new HttpResult(201, await clientReply(await createClient(caller, body))),
});
