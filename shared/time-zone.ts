/**
 * Months in the agency's time zone (docs/decisions.md "The agency's time zone"): which month
 * an instant falls in there, and the instants a month of that zone spans, DST included. Pure and
 * browser-safe (Intl only: the project has date-fns 4 but not `@date-fns/tz`), so the statement page
 * and the server count months alike.
 */

/** What an agency that never chose a zone counts in. */
export const DEFAULT_TIME_ZONE = 'UTC';

const MONTH_SHAPE = /^(\d{4})-(0[1-9]|1[0-2])$/u;

/** An IANA name (`Europe/London`, `UTC`): letters and `/_+-` only, so offsets like `+01:00` are not one. */
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/u;

/** Whether `name` is a time zone this runtime knows by its IANA name. */
export function isTimeZone(name: string): boolean {
  if (!ZONE_SHAPE.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zones a person picks from: UTC first, then the runtime's IANA list (which leaves UTC out). */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return [DEFAULT_TIME_ZONE, ...names.filter((name) => name !== DEFAULT_TIME_ZONE)];
}

export function isMonth(month: string): boolean {
  return MONTH_SHAPE.test(month);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/**
 * The zone's offset from UTC at `instant` (ms since the epoch), in ms (positive east of Greenwich): the
 * zone's wall clock, to the second, read as if it were UTC, less the instant to the second. Exported for
 * the screens that write a time of the zone with its offset (a channel post's schedule).
 */
export function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClockOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `YYYY-MM` of `instant` on the zone's calendar. */
export function monthOf(instant: Date, timeZone: string): string {
  const { year, month } = wallClockOf(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/**
 * The first instant of a calendar day (`year`, `month` 1-12, `day`) in the zone. Where the clocks jump
 * over midnight (a DST start at 00:00), the day begins at the jump: the first instant it has.
 */
export function startOfDayIn(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (offsetAt(second, timeZone) === offsetAt(first, timeZone)) return new Date(second);
  // Midnight does not exist that day: of the two readings, the later one is the jump itself.
  return new Date(Math.max(first, second));
}

/** The instants `[start, end)` of a month (`YYYY-MM`) in the zone. */
export function monthRange(month: string, timeZone: string): { start: Date; end: Date } {
  const match = MONTH_SHAPE.exec(month);
  if (!match) throw new RangeError(`${month} is not a month written YYYY-MM`);
  const year = Number(match[1]);
  const index = Number(match[2]);
  return {
    start: startOfDayIn(year, index, 1, timeZone),
    end: index === 12 ? startOfDayIn(year + 1, 1, 1, timeZone) : startOfDayIn(year, index + 1, 1, timeZone),
  };
}

/** The month before or after `month` (`delta` months away). */
export function addMonths(month: string, delta: number): string {
  const match = MONTH_SHAPE.exec(month);
  if (!match) throw new RangeError(`${month} is not a month written YYYY-MM`);
  const total = Number(match[1]) * 12 + Number(match[2]) - 1 + delta;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of `instant` on the zone's calendar. */
export function dayIn(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** The instants `[start, end)` of the zone's calendar days `from` to `to` (`YYYY-MM-DD`, both included). */
export function daysRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const first = DAY_SHAPE.exec(from);
  const last = DAY_SHAPE.exec(to);
  if (!first || !last) throw new RangeError(`${from} to ${to} are not days written YYYY-MM-DD`);
  // The day after `to` on the calendar (Date.UTC carries a 32nd day into the next month).
  const next = new Date(Date.UTC(Number(last[1]), Number(last[2]) - 1, Number(last[3]) + 1));
  return {
    start: startOfDayIn(Number(first[1]), Number(first[2]), Number(first[3]), timeZone),
    end: startOfDayIn(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}
