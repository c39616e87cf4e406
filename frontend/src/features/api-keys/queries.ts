import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { API_KEY_MESSAGES, type ApiKeySummary } from '#shared/api-keys';
import { fetchApiKeys } from './api-keys-api';

/** The API Keys screen's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (everyone: boolean) => [...apiKeyKeys.all, { everyone }] as const,
};

export const apiKeysQuery = (everyone: boolean) =>
  queryOptions({
    queryKey: apiKeyKeys.list(everyone),
    queryFn: ({ signal }) => fetchApiKeys(everyone, signal),
    meta: { failureToast: API_KEY_MESSAGES.fetchFailed },
  });

/**
 * A change the server answered, applied to every cached list (yours and, for an admin, everyone's): a
 * key is in both, and a list read again right after the write might not have it yet.
 */
export function updateApiKeyLists(
  queryClient: QueryClient,
  update: (keys: readonly ApiKeySummary[]) => ApiKeySummary[],
): void {
  queryClient.setQueriesData<ApiKeySummary[]>({ queryKey: apiKeyKeys.all }, (keys) =>
    keys === undefined ? undefined : update(keys),
  );
}
