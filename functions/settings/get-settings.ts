import { httpHandler } from '#functions/commons/http-handler';
import { readAgencySettings } from './agency-time-zone';

/** GET /api/settings: the agency's settings, for any signed-in user or API key (staff show months by it). */
export const handler = httpHandler({
  handle: async () => readAgencySettings({ consistent: true }),
});
