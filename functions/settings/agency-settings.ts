import { recordActivity } from '#functions/activities/activity-log';
import type { Caller } from '#functions/commons/caller';
import { ForbiddenError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import {
  type AgencySettings,
  SETTINGS_ACTIVITY,
  SETTINGS_MESSAGES,
  type SettingsInput,
} from '#shared/agency-settings';
import { AGENCY_SETTINGS_SCOPE, readAgencySettings, rememberTimeZone } from './agency-time-zone';

/** A branding field as sent: absent keeps the stored value, '' or null clears it. */
function brandingValue(sent: string | null | undefined, stored: string | null): string | null {
  if (sent === undefined) return stored;
  return sent === null || sent === '' ? null : sent;
}

/**
 * The agency's settings, written (the reads are agency-time-zone.ts). Admins only; recorded in the
 * Activity Tracker with the zone before and after, and the branding when it changed.
 */
export async function updateAgencySettings(
  caller: Caller,
  input: SettingsInput,
  userAgent: string | null,
  now = new Date(),
): Promise<AgencySettings> {
  if (!caller.isAdmin) throw new ForbiddenError(SETTINGS_MESSAGES.adminOnly);
  const before = await readAgencySettings({ consistent: true });
  const settings: AgencySettings = {
    timeZone: input.timeZone,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
    agencyName: brandingValue(input.agencyName, before.agencyName),
    logoUrl: brandingValue(input.logoUrl, before.logoUrl),
  };
  await putItem(entities().agencySettings, {
    scope: AGENCY_SETTINGS_SCOPE,
    timeZone: settings.timeZone,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
    agencyName: settings.agencyName ?? undefined,
    logoUrl: settings.logoUrl ?? undefined,
  });
  rememberTimeZone(settings.timeZone, now.getTime());
  await recordActivity(caller, {
    action: SETTINGS_ACTIVITY.updated,
    resourceType: SETTINGS_ACTIVITY.resourceType,
    details: {
      previous_time_zone: before.timeZone,
      time_zone: settings.timeZone,
      ...(settings.agencyName !== before.agencyName ? { agency_name: settings.agencyName } : {}),
      ...(settings.logoUrl !== before.logoUrl ? { logo_url: settings.logoUrl } : {}),
    },
    userAgent,
  });
  return settings;
}
