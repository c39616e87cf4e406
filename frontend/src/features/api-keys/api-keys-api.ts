import type { ApiKeyScope, ApiKeySummary, CreatedApiKey } from '#shared/api-keys';
import { api } from '@/lib/api-client';

/** The key routes (login tokens only). */

export async function fetchApiKeys(everyone: boolean, signal?: AbortSignal): Promise<ApiKeySummary[]> {
  const path = everyone ? '/api/api-keys?all=true' : '/api/api-keys';
  const { apiKeys } = await api.get<{ apiKeys: ApiKeySummary[] }>(path, signal ? { signal } : {});
  return apiKeys;
}

export interface NewApiKey {
  readonly name: string;
  readonly scopes: readonly ApiKeyScope[];
  /** ISO, or null for never. */
  readonly expires_at: string | null;
}

export function createApiKey(input: NewApiKey): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api/api-keys', input);
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
