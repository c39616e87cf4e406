import { recordActivity } from '#functions/activities/activity-log';
import type { Caller } from '#functions/commons/caller';
import { ForbiddenError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { findItem, putItem } from '#functions/data/item-commands';
import { type AgencySettings, SETTINGS_ACTIVITY, SETTINGS_MESSAGES } from '#shared/agency-settings';
import { DEFAULT_TIME_ZONE } from '#shared/time-zone';

/**
 * The agency's settings item (issue 41): one item in the single table, `UTC` until an admin picks a
 * zone. `readAgencyTimeZone()` is what other code imports; it keeps the zone a minute per container,
 * since a change of zone is rare and every statement or month view reads it (docs/decisions.md).
 */

const SCOPE = 'agency';
export const TIME_ZONE_CACHE_MS = 60_000;

let cachedZone: { readonly value: string; readonly until: number } | undefined;

export async function readAgencySettings(options: { consistent?: boolean } = {}): Promise<AgencySettings> {
  const found = await findItem(entities().agencySettings, { scope: SCOPE }, options);
  return {
    timeZone: found?.timeZone ?? DEFAULT_TIME_ZONE,
    updatedAt: found?.updatedAt ?? null,
    updatedBy: found?.updatedBy ?? null,
  };
}

/** The agency's IANA time zone, cached for TIME_ZONE_CACHE_MS in this container. */
export async function readAgencyTimeZone(now = Date.now()): Promise<string> {
  if (cachedZone && cachedZone.until > now) return cachedZone.value;
  const { timeZone } = await readAgencySettings();
  cachedZone = { value: timeZone, until: now + TIME_ZONE_CACHE_MS };
  return timeZone;
}

/** Admins only; recorded in the Activity Tracker with the zone before and after. */
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
    scope: SCOPE,
    timeZone: settings.timeZone,
    updatedAt: now.toISOString(),
    updatedBy: caller.email,
  });
  // This container sees its own change at once; others within the cache's minute.
  cachedZone = { value: settings.timeZone, until: now.getTime() + TIME_ZONE_CACHE_MS };
  await recordActivity(caller, {
    action: SETTINGS_ACTIVITY.updated,
    resourceType: SETTINGS_ACTIVITY.resourceType,
    details: { previous_time_zone: before.timeZone, time_zone: settings.timeZone },
    userAgent,
  });
  return settings;
}
