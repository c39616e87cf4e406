import { publicHttpHandler } from '#functions/commons/public-http-handler';
import type { Health } from '#shared/public-api-schemas';

/** GET /api/health: public liveness probe (also part of the public API). */
export const handler = publicHttpHandler({
  handle: async (): Promise<Health> => ({ status: 'ok', time: new Date().toISOString() }),
});
