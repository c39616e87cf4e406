import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as getSettings } from './get-settings';
import { handler as updateSettings } from './update-settings';

/** The Settings function: /api/settings (contract/routes.ts). */
export const handler = dispatchRoutes('Settings', {
  GetSettings: getSettings,
  UpdateSettings: updateSettings,
});
