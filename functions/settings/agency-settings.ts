import { recordActivity } from '#functions/activities/activity-log';
import type { Caller } from '#functions/commons/caller';
import { ForbiddenError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { type AgencySettings, SETTINGS_ACTIVITY, SETTINGS_MESSAGES } from '#shared/agency-settings';
import { AGENCY_SETTINGS_SCOPE, readAgencySettings, rememberTimeZone } from './agency-time-zone';

/** The agency's settings, written (the reads are agency-time-zone.ts). Admins only; recorded in the Activity Tracker with the zone before and after. */
export async function updateAgencySettings(
  caller: Caller,
  input: { timeZone: string },
  userAgent: string | null,
  now = new Date(),
): Promise<AgencySettings> {
  if (!caller.isAdmin) throw new ForbiddenError(SETTINGS_MESSAGES.adminOnly);
  const before = await readAgencySettings({ consistent: true });
  const settings: AgencySettings = {
    timeZone: input.timeZone,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
  };
  await putItem(entities().agencySettings, {
    scope: AGENCY_SETTINGS_SCOPE,
    timeZone: settings.timeZone,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
  });
  rememberTimeZone(settings.timeZone, now.getTime());
  await recordActivity(caller, {
    action: SETTINGS_ACTIVITY.updated,
    resourceType: SETTINGS_ACTIVITY.resourceType,
    details: { previous_time_zone: before.timeZone, time_zone: settings.timeZone },
    userAgent,
  });
  return settings;
}
