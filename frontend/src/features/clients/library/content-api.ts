import type { ClientContent, UpdateContentInput } from '#shared/content';
import type { ContentSummary, ContentSummaryPage } from '#shared/content-summary';
import { api } from '@/lib/api-client';

/** The library's calls (contract/routes.ts); reply shapes follow functions/content. */

/** The first screen's items: the library shows them while the rest load. */
const FIRST_PAGE_SIZE = 60;
/** The server's largest page (functions/content/content-list.ts): 5,000 summaries in one request. */
const PAGE_SIZE = 5000;

const contentPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/content`;
const itemPath = (clientId: string, contentId: string) =>
  `${contentPath(clientId)}/${encodeURIComponent(contentId)}`;

type ItemRef = Pick<ContentSummary, 'id' | 'client_id'>;

async function summaryPages(
  clientId: string,
  query: Record<string, string>,
  signal: AbortSignal | undefined,
  onPage: (items: ContentSummary[], done: boolean) => void,
): Promise<ContentSummary[]> {
  const items: ContentSummary[] = [];
  let cursor: string | null = null;
  let first = true;
  do {
    const params = new URLSearchParams({
      ...query,
      limit: String(first && query.search === undefined ? FIRST_PAGE_SIZE : PAGE_SIZE),
    });
    if (cursor) params.set('cursor', cursor);
    const page: ContentSummaryPage = await api.get<ContentSummaryPage>(
      `${contentPath(clientId)}?${params}`,
      signal ? { signal } : {},
    );
    items.push(...page.content);
    cursor = page.next_cursor;
    first = false;
    onPage(items.slice(), cursor === null);
  } while (cursor);
  return items;
}

/**
 * The summaries of every item of a client's library (what its cards show), newest first: a first
 * screen's worth, then the rest in one request up to 5,000. `onPage` gets what has arrived so far.
 */
export const fetchContentSummaries = (
  clientId: string,
  signal: AbortSignal | undefined,
  onPage: (items: ContentSummary[], done: boolean) => void,
): Promise<ContentSummary[]> => summaryPages(clientId, {}, signal, onPage);

/** The ids of the items whose title or text holds `search` (any case), searched by the server. */
export async function searchContentIds(
  clientId: string,
  search: string,
  signal?: AbortSignal,
): Promise<Set<string>> {
  const found = await summaryPages(clientId, { search }, signal, () => {});
  return new Set(found.map((item) => item.id));
}

/** The whole item (text, HTML, metadata), which Preview, Edit, Copy and Download need. */
export const fetchContent = (item: ItemRef) => api.get<ClientContent>(itemPath(item.client_id, item.id));

export const updateContent = (item: ItemRef, input: UpdateContentInput) =>
  api.put<ClientContent>(itemPath(item.client_id, item.id), input);

export const deleteContent = (item: ItemRef) => api.delete<void>(itemPath(item.client_id, item.id));

/** The Undo of a delete. */
export const restoreContent = (item: ItemRef) =>
  api.post<ClientContent>(`${itemPath(item.client_id, item.id)}/restore`);
