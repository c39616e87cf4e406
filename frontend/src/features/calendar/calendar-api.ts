import type { CalendarEntry, CalendarReply } from '#shared/calendar';
import type { ClientContent } from '#shared/content';
import type { ContentStatus } from '#shared/content-status';
import type { WordPressPublishResult } from '#shared/wordpress';
import { api } from '@/lib/api-client';
import { fetchAllClients } from '@/lib/client-pages';

/** The calendar's calls (issue 33 item 5; functions/calendar, functions/wordpress/reschedule-post.ts). */

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

export interface ClientOption {
  readonly id: string;
  readonly name: string;
}

export async function fetchClientOptions(signal?: AbortSignal): Promise<ClientOption[]> {
  const clients = await fetchAllClients<ClientOption>({ fields: 'id,name', ...(signal ? { signal } : {}) });
  return clients.sort((a, b) => a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' }));
}

/** Moves a scheduled post to another moment on WordPress. */
export function reschedule(entry: CalendarEntry, date: string) {
  if (entry.wordpressPostId === undefined) throw new Error('Only a scheduled post can be moved');
  return api.post<WordPressPublishResult & { content: ClientContent }>(
    `/api/clients/${encodeURIComponent(entry.clientId)}/wordpress/posts/${entry.wordpressPostId}/reschedule`,
    { contentId: entry.contentId, date },
  );
}
