import { publicHttpHandler } from '#functions/commons/public-http-handler';

/** GET /api/health: public liveness probe (also part of the public API). */
export const handler = publicHttpHandler({
  handle: async () => ({ status: 'ok', time: new Date().toISOString() }),
});
