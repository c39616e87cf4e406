import type { ClientContent, UpdateContentInput } from '#shared/content';
import { api } from '@/lib/api-client';

/** The library's calls (infra/routes.ts); reply shapes follow functions/content. */

interface ContentPage {
  content: ClientContent[];
  next_cursor: string | null;
}

/** The largest page the server serves; the library searches and sorts in the browser, so it loads them all. */
const PAGE_SIZE = 200;

const contentPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/content`;
const itemPath = (clientId: string, contentId: string) =>
  `${contentPath(clientId)}/${encodeURIComponent(contentId)}`;

/** Every item of a client's library, newest first, following the server's page cursors. */
export async function fetchAllContent(clientId: string, signal?: AbortSignal): Promise<ClientContent[]> {
  const items: ClientContent[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const page: ContentPage = await api.get<ContentPage>(
      `${contentPath(clientId)}?${query}`,
      signal ? { signal } : {},
    );
    items.push(...page.content);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

export const updateContent = (item: ClientContent, input: UpdateContentInput) =>
  api.put<ClientContent>(itemPath(item.client_id, item.id), input);

export const deleteContent = (item: ClientContent) => api.delete<void>(itemPath(item.client_id, item.id));

/** The Undo of a delete. */
export const restoreContent = (item: ClientContent) =>
  api.post<ClientContent>(`${itemPath(item.client_id, item.id)}/restore`);
