import { httpHandler } from '#functions/commons/http-handler';
import { listActivities } from './activity-feed';

/** GET /api/activities: admin only (the route table says so; the HTTP wrapper enforces it). */
export const handler = httpHandler({
  handle: async () => ({ activities: await listActivities() }),
});
