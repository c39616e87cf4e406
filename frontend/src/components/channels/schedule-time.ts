import { formatDisplayDate } from '#shared/saved-title';
import { dayIn, offsetAt } from '#shared/time-zone';

/**
 * A channel post's time is written and shown in the agency's time zone (docs/decisions.md, "The agency's
 * time zone"), whatever the viewer's own clock says: a `datetime-local` value is read as the zone's wall
 * clock and sent as ISO 8601 with the zone's offset at that moment, so the server knows the instant.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u;

/** The zone's offset from UTC at `instant`, in whole minutes (east positive). */
const offsetMinutes = (instant: number, timeZone: string) => Math.round(offsetAt(instant, timeZone) / 60_000);

function offsetText(minutes: number): string {
  const sign = minutes >= 0 ? '+' : '-';
  const whole = Math.abs(minutes);
  return `${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** `instant` as the zone's `datetime-local` value: `2026-05-01T09:30`. */
export function zoneInputValue(instant: Date, timeZone: string): string {
  // The wall clock read as UTC; offsetAt counts whole seconds, so the instant's milliseconds never
  // carry it into another minute.
  const time = instant.getTime();
  return new Date(time + offsetAt(time, timeZone)).toISOString().slice(0, 16);
}

/** Tomorrow at 9:00 on the zone's calendar: what the Schedule field starts at. */
export function defaultScheduleValue(timeZone: string, now: Date = new Date()): string {
  const [year = 0, month = 1, day = 1] = dayIn(now, timeZone).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  return `${tomorrow.toISOString().slice(0, 10)}T09:00`;
}

/**
 * `2026-05-01T09:30` on the zone's clock → `2026-05-01T09:30:00+05:30`; null when it is not a date and
 * time. A time the clocks skip (a DST start) becomes the moment after the jump, written as it reads then.
 */
export function zonedIso(value: string, timeZone: string): string | null {
  const match = LOCAL_VALUE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number);
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== value) return null;
  // Two readings: the offset at the wall clock taken as UTC, then at the instant that gives. Near a
  // change they differ; the one the zone reads back as `value` is it (the earlier of a repeated hour),
  // and in a skipped hour neither is, and the later one is the time after the jump.
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const readings = [first, wall - offsetMinutes(first, timeZone) * 60_000].sort((a, b) => a - b);
  const instant =
    readings.find((reading) => zoneInputValue(new Date(reading), timeZone) === value) ??
    Math.max(...readings);
  return `${zoneInputValue(new Date(instant), timeZone)}:00${offsetText(offsetMinutes(instant, timeZone))}`;
}

/** A post's time as the screens show it: 'Nov 21, 2026, 9:30 AM (Europe/London)', in the agency's zone. */
export function formatZonedTime(iso: string, timeZone: string): string {
  return `${formatDisplayDate(new Date(iso), timeZone)} (${timeZone})`;
}
