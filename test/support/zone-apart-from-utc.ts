import { dayIn, monthOf } from '#shared/time-zone';
import { dayOf } from '#shared/usage-dates';

/**
 * A time zone whose calendar differs from UTC's at `now`, whatever the date, for tests of "this month"
 * in the agency's zone (docs/decisions.md, "The agency's time zone"): one where the month differs when there
 * is one (the hours around a month's edge), else one where the day does (there always is: Pago Pago is
 * UTC-11, Kiritimati UTC+14).
 */
const WEST = 'Pacific/Pago_Pago';
const EAST = 'Pacific/Kiritimati';

export function zoneApartFromUtc(now: Date): string {
  const utcMonth = dayOf(now).slice(0, 7);
  const monthApart = [WEST, EAST].find((zone) => monthOf(now, zone) !== utcMonth);
  if (monthApart) return monthApart;
  return dayIn(now, WEST) !== dayOf(now) ? WEST : EAST;
}
