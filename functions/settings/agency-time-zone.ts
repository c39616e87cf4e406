import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import type { AgencySettings } from '#shared/agency-settings';
import { DEFAULT_TIME_ZONE } from '#shared/time-zone';

/**
 * The agency's settings item (one item in the single table, `UTC` until an admin picks a zone), read.
 * `readAgencyTimeZone()` is what other code imports (budgets, usage, statements); it keeps the zone a
 * minute per container, since a change of zone is rare (docs/decisions.md). The write path, which
 * records an activity and so pushes to the admins' sockets, is agency-settings.ts: apart, so that every
 * generation route that reads the zone bundles none of it.
 */

export const AGENCY_SETTINGS_SCOPE = 'agency';
export const TIME_ZONE_CACHE_MS = 60_000;

let cachedZone: { readonly value: string; readonly until: number } | undefined;

export async function readAgencySettings(options: { consistent?: boolean } = {}): Promise<AgencySettings> {
  const found = await findItem(entities().agencySettings, { scope: AGENCY_SETTINGS_SCOPE }, options);
  return {
    timeZone: found?.timeZone ?? DEFAULT_TIME_ZONE,
    updatedAt: found?.updatedAt ?? null,
    updatedBy: found?.updatedBy ?? null,
    agencyName: found?.agencyName ?? null,
    logoUrl: found?.logoUrl ?? null,
  };
}

/** The agency's IANA time zone, cached for TIME_ZONE_CACHE_MS in this container. */
export async function readAgencyTimeZone(now = Date.now()): Promise<string> {
  if (cachedZone && cachedZone.until > now) return cachedZone.value;
  const { timeZone } = await readAgencySettings();
  rememberTimeZone(timeZone, now);
  return timeZone;
}

/** A container that changed the zone sees its change at once; others within the cache's minute. */
export function rememberTimeZone(timeZone: string, now = Date.now()): void {
  cachedZone = { value: timeZone, until: now + TIME_ZONE_CACHE_MS };
}
