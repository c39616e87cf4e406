import { format, parseISO } from 'date-fns';

/**
 * Dates as the review loop and the calendar show them, in the viewer's own time zone, with
 * date-fns: a calendar date (`2026-11-30`, a due date) is that day wherever one is; a moment (an ISO
 * date-time) is the viewer's local day and time.
 */

/** 'Nov 30, 2026' for a calendar date or the local day of a moment. */
export function formatCalendarDate(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy');
}

/** 'Nov 30, 2026, 9:30 AM' in the viewer's time zone. */
export function formatMoment(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy, h:mm a');
}

/** 'Nov 30, 2026, 9:30:05 AM': the History dialog's times, where two saves may fall in one minute. */
export function formatMomentSeconds(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy, h:mm:ss a');
}

/** The viewer's local calendar day of a date or moment, as `2026-11-30`. */
export function localDayOf(value: string): string {
  return format(parseISO(value), 'yyyy-MM-dd');
}
