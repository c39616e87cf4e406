import type { ApiKeySummary, CreatedApiKey } from '#shared/api-keys';
import { api } from '@/lib/api-client';

/** The key routes (login tokens only). */

export async function fetchApiKeys(everyone: boolean, signal?: AbortSignal): Promise<ApiKeySummary[]> {
  const path = everyone ? '/api/api-keys?all=true' : '/api/api-keys';
  const { apiKeys } = await api.get<{ apiKeys: ApiKeySummary[] }>(path, signal ? { signal } : {});
  return apiKeys;
}

export function createApiKey(name: string): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', { name });
}

export function setApiKeyActive(keyId: string, isActive: boolean): Promise<ApiKeySummary> {
  return api.request<ApiKeySummary>(`/api/api-keys/${encodeURIComponent(keyId)}`, {
    method: 'PATCH',
    body: { is_active: isActive },
  });
}

export async function deleteApiKey(keyId: string): Promise<void> {
  await api.delete(`/api/api-keys/${encodeURIComponent(keyId)}`);
}
