import type { ClientContent } from '#shared/content';
import type { ContentSummaryPage } from '#shared/content-summary';

/**
 * A client's library as whole items, newest first, for tests that check what was saved: the list carries the
 * cards' summaries only (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids"), so each
 * item is read by its id, as the library's Preview and Edit do.
 */

interface Requester {
  request<T>(
    method: string,
    path: string,
    options?: { token?: string },
  ): Promise<{ status: number; body: T }>;
}

export async function libraryItems(
  app: Requester,
  token: string,
  clientId: string,
  query = '',
): Promise<ClientContent[]> {
  const path = `/api/clients/${encodeURIComponent(clientId)}/content`;
  const list = await app.request<ContentSummaryPage>('GET', `${path}${query}`, { token });
  if (list.status !== 200) throw new Error(`Listing content answered ${list.status}`);
  return Promise.all(
    list.body.content.map(async (summary) => {
      const item = await app.request<ClientContent>('GET', `${path}/${encodeURIComponent(summary.id)}`, {
        token,
      });
      if (item.status !== 200) throw new Error(`Reading content ${summary.id} answered ${item.status}`);
      return item.body;
    }),
  );
}
