import {
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  set,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { CalendarEntry } from '#shared/calendar';
import { CHANNEL_PLATFORM_INFO, type Publication } from '#shared/channels';
import { ApiError, errorMessage } from '@/lib/api-client';
import { localDayOf } from '@/lib/calendar-dates';
import { CALENDAR_PAGE } from './messages';

/**
 * The calendar's days, in the viewer's time zone, weeks from Sunday (US): a month view
 * is the weeks that hold the month (up to six), a week view one week. Entries are placed on the day
 * they fall on where the viewer is.
 */

export type CalendarView = 'month' | 'week';

export interface CalendarDay {
  /** `2026-11-30`, the viewer's local day. */
  readonly key: string;
  readonly date: Date;
  /** False for the days of the weeks around a month that belong to the months before and after. */
  readonly inPeriod: boolean;
}

export function periodDays(view: CalendarView, anchor: Date): CalendarDay[] {
  const first = view === 'month' ? startOfWeek(startOfMonth(anchor)) : startOfWeek(anchor);
  const last = view === 'month' ? endOfWeek(endOfMonth(anchor)) : endOfWeek(anchor);
  return eachDayOfInterval({ start: first, end: last }).map((date) => ({
    key: format(date, 'yyyy-MM-dd'),
    date,
    inPeriod: view === 'week' || isSameMonth(date, anchor),
  }));
}

/** The period before or after (`step` -1 or 1). */
export function shiftPeriod(view: CalendarView, anchor: Date, step: number): Date {
  return view === 'month' ? addMonths(anchor, step) : addWeeks(anchor, step);
}

/** 'November 2026', or 'Nov 29 – Dec 5, 2026' for a week. */
export function periodLabel(view: CalendarView, anchor: Date): string {
  if (view === 'month') return format(anchor, 'MMMM yyyy');
  const start = startOfWeek(anchor);
  const end = endOfWeek(anchor);
  return `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
}

/** The entries of each shown day, by the day's key, in time order. */
export function entriesByDay(
  entries: readonly CalendarEntry[],
  days: readonly CalendarDay[],
): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>(days.map((day) => [day.key, []]));
  for (const entry of entries) byDay.get(localDayOf(entry.date))?.push(entry);
  for (const list of byDay.values())
    list.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  return byDay;
}

/**
 * Where a post dragged to `day` goes: the same local time on that day (a post at 9:00 stays at 9:00),
 * as the ISO moment the reschedule sends.
 */
export function movedTo(entryDate: string, day: Date): string {
  const from = parseISO(entryDate);
  return set(day, {
    hours: from.getHours(),
    minutes: from.getMinutes(),
    seconds: from.getSeconds(),
    milliseconds: 0,
  }).toISOString();
}

/** The range the API is asked for: the shown days' first and last. */
export function rangeOf(days: readonly CalendarDay[]): { from: string; to: string } {
  return { from: days[0]?.key ?? '', to: days.at(-1)?.key ?? '' };
}

/**
 * Only a scheduled post moves: one linked to its WordPress post (a drag reschedules it there) or one to
 * a publishing channel (a drag reschedules its publication).
 */
export const canMove = (entry: CalendarEntry) =>
  entry.kind === 'scheduled' && (entry.wordpressPostId !== undefined || entry.channel !== undefined);

/** Where the entry's post goes out: the channel's platform, or WordPress. */
export const publishedOn = (entry: CalendarEntry): string =>
  entry.channel ? CHANNEL_PLATFORM_INFO[entry.channel.platform].name : 'WordPress';

/**
 * Why an entry does not move when dragged, said when the drag starts instead of the
 * entry silently staying put; null for an entry that moves.
 */
export function moveRefusal(entry: CalendarEntry): string | null {
  if (canMove(entry)) return null;
  switch (entry.kind) {
    case 'scheduled':
      return CALENDAR_PAGE.refused.unlinked;
    case 'published':
      return CALENDAR_PAGE.refused.published(publishedOn(entry));
    default:
      return CALENDAR_PAGE.refused[entry.kind];
  }
}

/**
 * A channel entry as its publication now stands (what a retry answered), until the period is read
 * again: the calendar's kinds as the calendar route gives them (a post being sent stays where it was
 * scheduled), on the day it went out or goes out.
 */
export function entryWithPublication(entry: CalendarEntry, publication: Publication): CalendarEntry {
  const kind =
    publication.status === 'published'
      ? 'published'
      : publication.status === 'failed'
        ? 'failed'
        : 'scheduled';
  const { postUrl, error } = publication;
  return {
    ...entry,
    kind,
    date: publication.publishedAt ?? publication.scheduledAt ?? entry.date,
    channel: {
      platform: publication.platform,
      channelName: publication.channelName,
      publicationId: publication.publicationId,
      ...(postUrl ? { postUrl } : {}),
      ...(error ? { error } : {}),
    },
  };
}

/** What a refused reschedule says: an edited post's approval first, else the server's own words. */
export function rescheduleFailure(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError && error.code === 'approval_required')
    return { title: CALENDAR_PAGE.moveFailed, description: CALENDAR_PAGE.refused.needsApproval };
  return { title: CALENDAR_PAGE.moveFailed, description: errorMessage(error, CALENDAR_PAGE.moveFailed) };
}
