import * as z from './zod';

/**
 * The one rule for a date a request carries: an ISO 8601 calendar date (`2026-11-21`) or local or UTC
 * date-time (`2026-11-21T09:30`, `2026-11-21T09:30:00Z`) that exists on the calendar and the clock.
 * `2026-02-30` and `2026-01-01T99:99` are refused. Browser-safe: the forms use the same schema.
 */

const calendarDate = z.iso.date();
const dateTime = z.iso.datetime({ offset: true, local: true });

/** Longest accepted form: `2026-11-21T09:30:00.123456789+02:00`. */
const MAX_ISO_LENGTH = 40;

export function isIsoDate(value: string): boolean {
  return calendarDate.safeParse(value).success || dateTime.safeParse(value).success;
}

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The calendar date written in an ISO date or date-time (not shifted by its offset), or null. */
export function calendarDateOf(value: string): CalendarDate | null {
  if (!isIsoDate(value)) return null;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  return { year, month, day };
}

/** A request field holding a date; `message` is the field's own wording for a bad one. */
export const isoDateField = (message: string) =>
  z.string().check(z.maxLength(MAX_ISO_LENGTH, message), z.refine(isIsoDate, message));
