import { DEFAULT_TIME_ZONE, monthOf, monthRange } from '#shared/time-zone';

/**
 * The budgets' and the usage page's "this month" is the agency zone's month, the UTC month unless a test
 * sets another zone (docs/decisions.md, "Months and days in the agency's zone"). A test file
 * that adds up one month's spend over several steps cannot hold when the month turns between two of
 * them: on the real clock in a month's last minutes, and always under `npm run test:any-date`'s clock.
 * Such a file starts clear of the month's end: when fewer than `marginMs` are left, it waits for the
 * next month (at most `marginMs`), so its steps all fall in one month.
 */
export const MONTH_END_MARGIN_MS = 3 * 60_000;

/** How long until the next month starts in the zone (the agency's; UTC unless the test sets another). */
export function untilNextMonth(now = new Date(), timeZone = DEFAULT_TIME_ZONE): number {
  return monthRange(monthOf(now, timeZone), timeZone).end.getTime() - now.getTime();
}

/** `timeZone`: the agency zone the test sets, whose month its steps must all fall in. */
export async function clearOfMonthEnd(
  timeZone = DEFAULT_TIME_ZONE,
  marginMs = MONTH_END_MARGIN_MS,
): Promise<void> {
  const left = untilNextMonth(new Date(), timeZone);
  if (left >= marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** A beforeAll's timeout that leaves room for the wait above. */
export const withMonthEndWait = (timeoutMs: number): number => timeoutMs + MONTH_END_MARGIN_MS;
