import { queryOptions } from '@tanstack/react-query';
import { type CalendarFilters, fetchCalendar } from './calendar-api';
import { CALENDAR_PAGE } from './messages';

/** The calendar's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const calendarKeys = {
  all: ['calendar'] as const,
  entries: () => [...calendarKeys.all, 'entries'] as const,
  period: (range: { from: string; to: string }, filters: CalendarFilters) =>
    [...calendarKeys.entries(), { range, filters }] as const,
};

/**
 * A period's entries: publishing, reviews and due dates change them on other screens, so every
 * showing reads them again.
 */
export const calendarQuery = (range: { from: string; to: string }, filters: CalendarFilters) =>
  queryOptions({
    queryKey: calendarKeys.period(range, filters),
    queryFn: ({ signal }) => fetchCalendar(range, filters, signal),
    refetchOnMount: 'always',
    meta: { failureToast: CALENDAR_PAGE.loadFailed, failureTitle: CALENDAR_PAGE.loadFailed },
  });
