import { ForbiddenError } from '#functions/commons/errors';
import { httpHandler } from '#functions/commons/http-handler';
import { listAllApiKeys, listOwnApiKeys, toSummary } from './api-key-store';

/** GET /api/api-keys: the caller's keys, newest first; `?all=true` lists everyone's (admins only). */
export const handler = httpHandler({
  handle: async ({ caller, query }) => {
    const everyone = query.all === 'true';
    if (everyone && !caller.isAdmin) throw new ForbiddenError('Only administrators can list every key.');
    const keys = everyone ? await listAllApiKeys() : await listOwnApiKeys(caller.userId);
    return { apiKeys: keys.map(toSummary) };
  },
});
