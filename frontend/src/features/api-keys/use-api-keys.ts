import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiKeySummary } from '#shared/api-keys';
import { apiKeysQuery, updateApiKeyLists } from './queries';

/** The listed keys (yours, or everyone's for an admin); a change the server answered updates the cache. */
export function useApiKeys(everyone: boolean) {
  const queryClient = useQueryClient();
  // The shown list stays while the other one (an admin's switch) loads, as it did before the data layer.
  const { data, isError, refetch } = useQuery({
    ...apiKeysQuery(everyone),
    placeholderData: keepPreviousData,
  });

  const reload = useCallback(() => void refetch(), [refetch]);
  const replace = useCallback(
    (updated: ApiKeySummary) =>
      updateApiKeyLists(queryClient, (keys) => keys.map((key) => (key.id === updated.id ? updated : key))),
    [queryClient],
  );
  const remove = useCallback(
    (keyId: string) => updateApiKeyLists(queryClient, (keys) => keys.filter((key) => key.id !== keyId)),
    [queryClient],
  );
  const add = useCallback(
    (key: ApiKeySummary) => updateApiKeyLists(queryClient, (keys) => [key, ...keys]),
    [queryClient],
  );
  return { keys: data ?? null, failed: isError, reload, replace, remove, add };
}
