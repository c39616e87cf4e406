import { HttpResult } from '#functions/commons/http-wrap';
import { publicHttpHandler } from '#functions/commons/public-http-handler';
import { completeAuthorization } from './channel-authorizations';

/**
 * GET /api/channels/oauth/callback?code=&state= (public): where a platform's consent page sends the
 * browser back. Answers a redirect into the app, which shows the accounts to pick or what went wrong.
 */
export const handler = publicHttpHandler({
  handle: async ({ query }) =>
    new HttpResult(302, undefined, {
      location: await completeAuthorization(query),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    }),
});
