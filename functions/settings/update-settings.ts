import { httpHandler } from '#functions/commons/http-handler';
import { settingsInputSchema } from '#shared/agency-settings';
import { updateAgencySettings } from './agency-settings';

/** PUT /api/settings {timeZone}: admins only (a key acts as its owner), the zone an IANA name. */
export const handler = httpHandler({
  body: settingsInputSchema,
  handle: async ({ caller, body, userAgent }) => updateAgencySettings(caller, body, userAgent),
});
