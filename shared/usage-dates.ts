/**
 * UTC days and months of the usage accounting (issue 34), without zod: the budget check of every
 * generation route needs the month, not the usage page's schemas (shared/usage.ts).
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

export function firstDayOfMonth(date: Date): string {
  return `${monthOf(date)}-01`;
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

export interface UsagePeriod {
  readonly from: string;
  readonly to: string;
}

/** The period a query asks for: this month so far by default. Throws a message for a bad one. */
export function usagePeriodOf(
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): UsagePeriod {
  const from = query.from ?? firstDayOfMonth(now);
  const to = query.to ?? dayOf(now);
  if (from > to) throw new RangeError(USAGE_PERIOD_MESSAGES.fromAfterTo);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_USAGE_RANGE_DAYS) throw new RangeError(USAGE_PERIOD_MESSAGES.rangeTooLong);
  return { from, to };
}

/** The first and last instant of a period, as epoch milliseconds (the last is inclusive). */
export function periodBounds(period: UsagePeriod): { readonly start: number; readonly end: number } {
  return { start: Date.parse(`${period.from}T00:00:00.000Z`), end: Date.parse(`${period.to}T23:59:59.999Z`) };
}
