import { DEFAULT_TIME_ZONE, dayIn, daysRange } from './time-zone';

/**
 * Days and months of the usage accounting, without zod. The stored items, partitions and
 * day counters are UTC days and months; a period a person asks for is days of the agency's zone
 * (docs/decisions.md, "Months and days in the agency's zone").
 */

/** The longest period one request may cover. */
export const MAX_USAGE_RANGE_DAYS = 366;

export const USAGE_PERIOD_MESSAGES = {
  badDate: 'must be a date written YYYY-MM-DD',
  fromAfterTo: '`from` must not be after `to`.',
  rangeTooLong: `The period may cover at most ${MAX_USAGE_RANGE_DAYS} days.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** Every day from `from` to `to`, both included (`YYYY-MM-DD`, UTC). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** Every month the days touch, in order (`YYYY-MM`). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (const day of daysBetween(from, to)) {
    const month = day.slice(0, 7);
    if (months.at(-1) !== month) months.push(month);
  }
  return months;
}

/** Days `from` to `to` (both included) of the zone's calendar. */
export interface UsagePeriod {
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
}

/** This month so far in the zone: its first day to today. */
export function thisMonthIn(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dayIn(now, timeZone);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The whole month before this one in the zone. */
export function lastMonthIn(timeZone: string, now = new Date()): { from: string; to: string } {
  const { from } = thisMonthIn(timeZone, now);
  const last = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return { from: `${last.slice(0, 7)}-01`, to: last };
}

/**
 * The period a query asks for, in days of `timeZone`: this month so far there by default. Throws a
 * message for a bad one.
 */
export function usagePeriodOf(
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
  timeZone = DEFAULT_TIME_ZONE,
): UsagePeriod {
  const current = thisMonthIn(timeZone, now);
  const from = query.from ?? current.from;
  const to = query.to ?? current.to;
  if (from > to) throw new RangeError(USAGE_PERIOD_MESSAGES.fromAfterTo);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_USAGE_RANGE_DAYS) throw new RangeError(USAGE_PERIOD_MESSAGES.rangeTooLong);
  return { from, to, timeZone };
}

/** The first and last instant of a period's zone days, as epoch milliseconds (the last is inclusive). */
export function periodBounds(period: UsagePeriod): { readonly start: number; readonly end: number } {
  const { start, end } = daysRange(period.from, period.to, period.timeZone);
  return { start: start.getTime(), end: end.getTime() - 1 };
}

/** The UTC months whose partitions hold the jobs of a period (one more at a zone's month edge). */
export function partitionMonths(period: UsagePeriod): string[] {
  const { start, end } = periodBounds(period);
  return monthsBetween(dayOf(new Date(start)), dayOf(new Date(end)));
}
