import { HttpResult } from '#functions/commons/http-handler';
import { idempotentHandler } from '#functions/idempotency/idempotent-handler';
import { clientInputSchema } from '#shared/client-input';
import { clientReply } from './client-reply';
import { createClient } from './client-store';

/** POST /api/clients: the caller becomes the client's creator (its owner). */
export const handler = idempotentHandler({
  body: clientInputSchema,
  handle: async ({ caller, body }) =>
    new HttpResult(201, await clientReply(await createClient(caller, body))),
});
