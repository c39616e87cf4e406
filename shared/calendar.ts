import type { ChannelPlatform } from './channels';
import { CONTENT_STATUSES, type ContentStatus } from './content-status';
import { isoDateField } from './validation/iso-date';
import * as z from './validation/zod';

/**
 * The content calendar (docs/decisions.md, "Versions, review and approval, and the content calendar"):
 * scheduled and published WordPress posts on their dates, review links on their expiry and items on their due
 * date, across the clients a user can see.
 */

export const CALENDAR_ENTRY_KINDS = ['scheduled', 'published', 'failed', 'due', 'review_expiry'] as const;
export type CalendarEntryKind = (typeof CALENDAR_ENTRY_KINDS)[number];

export const CALENDAR_ENTRY_LABELS: Readonly<Record<CalendarEntryKind, string>> = {
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
  due: 'Due',
  review_expiry: 'Review link expires',
};

/** A month view shows six weeks; the range a request may ask for leaves room for that and no more. */
export const CALENDAR_MAX_DAYS = 62;

export interface CalendarEntry {
  /** Unique within a reply: the kind, the item and (for a review) the link. */
  id: string;
  kind: CalendarEntryKind;
  /** ISO date-time (posts, review expiries) or calendar date (due dates). */
  date: string;
  clientId: string;
  clientName: string;
  contentId: string;
  title: string;
  contentType: string;
  status: ContentStatus;
  /** The WordPress post of a scheduled or published entry (what a drag reschedules). */
  wordpressPostId?: number;
  reviewId?: string;
  /**
   * A post to a publishing channel (GBP, Facebook, Instagram, LinkedIn, X) rather than WordPress: what its
   * icon, 'View post', Retry and a drag need.
   */
  channel?: {
    platform: ChannelPlatform;
    channelName: string;
    publicationId: string;
    postUrl?: string;
    error?: string;
  };
}

export interface CalendarReply {
  entries: CalendarEntry[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/u;
const dateOnly = (message: string) =>
  isoDateField(message).check(z.refine((value) => DATE_ONLY.test(value), message));

export const CALENDAR_MESSAGES = {
  from: 'from: a calendar date such as 2026-11-01 is required',
  to: 'to: a calendar date such as 2026-11-30 is required',
  range: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time, from a date to a later one.`,
  status: `status: one or more of ${CONTENT_STATUSES.join(', ')}, separated by commas`,
  dueDate: 'dueDate: a calendar date such as 2026-11-30, or null to clear it',
  rescheduleDate: 'date: the new date and time of the post, in the future',
  notScheduled: 'Only a scheduled post can be moved to another day.',
} as const;

/** Days from `from` to `to`, both calendar dates (`to` included). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** GET /api/calendar?from=&to=&clientId=&status= */
export const calendarQuerySchema = z
  .object({
    from: dateOnly(CALENDAR_MESSAGES.from),
    to: dateOnly(CALENDAR_MESSAGES.to),
    clientId: z.optional(z.string().check(z.maxLength(40))),
    status: z.optional(
      z.pipe(
        z.string().check(z.maxLength(200)),
        z.transform((value: string) =>
          value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        ),
      ),
    ),
  })
  .check(
    z.refine(
      (query) => {
        const days = daysInRange(query.from, query.to);
        return days >= 1 && days <= CALENDAR_MAX_DAYS;
      },
      { message: CALENDAR_MESSAGES.range, path: ['to'] },
    ),
    z.refine(
      (query) =>
        (query.status ?? []).every((status) => (CONTENT_STATUSES as readonly string[]).includes(status)),
      {
        message: CALENDAR_MESSAGES.status,
        path: ['status'],
        // A status text its own length check refused is still text, not the list: it is refused already.
        when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'status'),
      },
    ),
  );

export type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** Body of PUT …/content/{contentId}/due-date. */
export const dueDateSchema = z.object({
  dueDate: z.nullable(dateOnly(CALENDAR_MESSAGES.dueDate)),
});
export type DueDateInput = z.input<typeof dueDateSchema>;

/** Body of POST …/wordpress/posts/{postId}/reschedule: the calendar's drag to another day. */
export const rescheduleSchema = z.object({
  contentId: z.string().check(z.minLength(1), z.maxLength(40)),
  date: isoDateField(CALENDAR_MESSAGES.rescheduleDate),
});
export type RescheduleInput = z.input<typeof rescheduleSchema>;

/** The month buckets a date range touches (`2026-11`), which the calendar's index partitions by. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = to.split('-').map(Number) as [number, number];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
