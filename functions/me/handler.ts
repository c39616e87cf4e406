import { httpHandler } from '#functions/commons/http-handler';

/** GET /api/me: who the server thinks you are; admin status comes from the token's group claim. */
export const handler = httpHandler({
  handle: async ({ caller }) => ({ email: caller.email, isAdmin: caller.isAdmin }),
});
