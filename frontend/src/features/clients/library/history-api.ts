import type { ClientContent } from '#shared/content';
import type { ContentVersion, ContentVersionPage } from '#shared/content-versions';
import { api } from '@/lib/api-client';

/** An item's versions (functions/content/list-versions.ts). */

const itemPath = (item: Pick<ClientContent, 'client_id' | 'id'>) =>
  `/api/clients/${encodeURIComponent(item.client_id)}/content/${encodeURIComponent(item.id)}`;

export function fetchVersions(
  item: Pick<ClientContent, 'client_id' | 'id'>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContentVersionPage> {
  const query = new URLSearchParams({ limit: '50' });
  if (cursor) query.set('cursor', cursor);
  return api.get<ContentVersionPage>(`${itemPath(item)}/versions?${query}`, signal ? { signal } : {});
}

export const fetchVersion = (
  item: Pick<ClientContent, 'client_id' | 'id'>,
  versionId: string,
  signal?: AbortSignal,
) =>
  api.get<ContentVersion>(
    `${itemPath(item)}/versions/${encodeURIComponent(versionId)}`,
    signal ? { signal } : {},
  );

export const restoreVersion = (
  item: Pick<ClientContent, 'client_id' | 'id'>,
  versionId: string,
  updateOpenReview: boolean,
) =>
  api.post<ClientContent>(`${itemPath(item)}/versions/${encodeURIComponent(versionId)}/restore`, {
    updateOpenReview,
  });

export const setDueDate = (item: Pick<ClientContent, 'client_id' | 'id'>, dueDate: string | null) =>
  api.put<ClientContent>(`${itemPath(item)}/due-date`, { dueDate });
