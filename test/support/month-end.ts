/**
 * The budgets' and the usage page's "this month" is the agency zone's month, the UTC month unless a test
 * sets another zone (docs/decisions.md, "Months and days in the agency's zone"). A test file
 * that adds up one month's spend over several steps cannot hold when the month turns between two of
 * them: on the real clock in a month's last minutes, and always under `npm run test:any-date`'s clock.
 * Such a file starts clear of the month's end: when fewer than `marginMs` are left, it waits for the
 * next month (at most `marginMs`), so its steps all fall in one month.
 */
export const MONTH_END_MARGIN_MS = 3 * 60_000;

/** How long until the next UTC month starts. */
export function untilNextMonth(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime();
}

export async function clearOfMonthEnd(marginMs = MONTH_END_MARGIN_MS): Promise<void> {
  const left = untilNextMonth();
  if (left >= marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** A beforeAll's timeout that leaves room for the wait above. */
export const withMonthEndWait = (timeoutMs: number): number => timeoutMs + MONTH_END_MARGIN_MS;
