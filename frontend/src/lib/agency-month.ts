import { useEffect, useState } from 'react';
import type { AgencySettings } from '#shared/agency-settings';
import { monthName } from '#shared/budget';
import { DEFAULT_TIME_ZONE, monthOf } from '#shared/time-zone';
import { api } from './api-client';

/**
 * The agency's time zone (GET /api/settings), read once per page load: budgets and "this month" are
 * the zone's month (docs/decisions.md), so the screens that name a month ask it here.
 */
let zone: Promise<string> | undefined;

export function agencyTimeZone(): Promise<string> {
  zone ??= api.get<AgencySettings>('/api/settings').then(
    (settings) => settings.timeZone,
    () => {
      // Not cached: the next screen asks again; until then the month is the default zone's.
      zone = undefined;
      return DEFAULT_TIME_ZONE;
    },
  );
  return zone;
}

/** The current month of the agency's zone as a name with its year ('December 2026'), once known. */
export function currentMonthLabel(timeZone: string, now = new Date()): string {
  const month = monthOf(now, timeZone);
  return `${monthName(month)} ${month.slice(0, 4)}`;
}

export function useAgencyMonthLabel(): string | null {
  const [timeZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void agencyTimeZone().then((found) => {
      if (live) setTimeZone(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return timeZone ? currentMonthLabel(timeZone) : null;
}
