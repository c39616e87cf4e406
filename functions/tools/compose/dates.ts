/** Calendar words for the composers. Dates are read in UTC so a job composes the same text anywhere. */

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export function monthName(month: number): string {
  return MONTH_NAMES[(month - 1 + 12) % 12] ?? 'January';
}

/** 0-11 for a month's name or its three-letter abbreviation in any case, -1 for anything else. */
export function monthIndexOf(word: string): number {
  const lower = word.toLowerCase();
  return MONTH_NAMES.findIndex(
    (name) => name.toLowerCase() === lower || name.slice(0, 3).toLowerCase() === lower,
  );
}

/** "November 21, 2026". */
export function longDate(date: Date): string {
  return `${monthName(date.getUTCMonth() + 1)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "November 2026". */
export function monthYear(date: Date): string {
  return `${monthName(date.getUTCMonth() + 1)} ${date.getUTCFullYear()}`;
}

/** Northern-hemisphere season of a date (the agency's clients are US businesses). */
export function season(date: Date): 'winter' | 'spring' | 'summer' | 'fall' {
  const month = date.getUTCMonth() + 1;
  if (month === 12 || month <= 2) return 'winter';
  if (month <= 5) return 'spring';
  if (month <= 8) return 'summer';
  return 'fall';
}
