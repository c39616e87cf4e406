import type { CalendarEntry, CalendarReply } from '#shared/calendar';
import type { Publication } from '#shared/channels';
import type { ClientContent } from '#shared/content';
import type { ContentStatus } from '#shared/content-status';
import type { WordPressPublishResult } from '#shared/wordpress';
import { reschedulePublication, retryPublication } from '@/components/channels/channels-api';
import { api } from '@/lib/api-client';

/**
 * The calendar's calls (functions/calendar, functions/wordpress/reschedule-post.ts, and a channel post's
 * publication routes, functions/social).
 */

export interface CalendarFilters {
  readonly clientId: string | null;
  readonly status: ContentStatus | null;
}

export async function fetchCalendar(
  range: { from: string; to: string },
  filters: CalendarFilters,
  signal?: AbortSignal,
): Promise<CalendarEntry[]> {
  const query = new URLSearchParams(range);
  if (filters.clientId) query.set('clientId', filters.clientId);
  if (filters.status) query.set('status', filters.status);
  const reply = await api.get<CalendarReply>(`/api/calendar?${query}`, signal ? { signal } : {});
  return reply.entries;
}

/**
 * Moves a scheduled post to another moment: on WordPress, or a channel post's publication (which the
 * scheduled publisher then sends at the new time).
 */
export function reschedule(entry: CalendarEntry, date: string): Promise<unknown> {
  if (entry.channel)
    return reschedulePublication(entry.clientId, entry.contentId, entry.channel.publicationId, {
      scheduledAt: date,
    });
  if (entry.wordpressPostId === undefined) throw new Error('Only a scheduled post can be moved');
  return api.post<WordPressPublishResult & { content: ClientContent }>(
    `/api/clients/${encodeURIComponent(entry.clientId)}/wordpress/posts/${entry.wordpressPostId}/reschedule`,
    { contentId: entry.contentId, date },
  );
}

/** Sends a failed channel post again now. */
export function retry(entry: CalendarEntry): Promise<Publication> {
  if (!entry.channel) throw new Error('Only a channel post can be retried');
  return retryPublication(entry.clientId, entry.contentId, entry.channel.publicationId);
}
