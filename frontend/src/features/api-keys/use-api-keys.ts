import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeySummary } from '#shared/api-keys';
import { createApiKey, deleteApiKey, type NewApiKey, setApiKeyActive } from './api-keys-api';
import { apiKeysQuery, updateApiKeyLists } from './queries';

/** The listed keys (yours, or everyone's for an admin). */
export function useApiKeys(everyone: boolean) {
  // The shown list stays while the other one (an admin's switch) loads, as it did before the data layer.
  const { data, isError, refetch } = useQuery({
    ...apiKeysQuery(everyone),
    placeholderData: keepPreviousData,
  });
  return { keys: data ?? null, failed: isError, reload: () => void refetch() };
}

/** Creating a key: the new key (without its secret, shown once) heads every cached list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKey) => createApiKey(input),
    onSuccess: ({ key: _shownOnce, ...summary }) =>
      updateApiKeyLists(queryClient, (keys) => [summary, ...keys]),
  });
}

/** Activating or deactivating a key: the server's answer replaces it in every cached list. */
export function useSetApiKeyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apiKey, active }: { apiKey: ApiKeySummary; active: boolean }) =>
      setApiKeyActive(apiKey.id, active),
    onSuccess: (updated) =>
      updateApiKeyLists(queryClient, (keys) => keys.map((key) => (key.id === updated.id ? updated : key))),
  });
}

/** Deleting a key: it leaves every cached list. */
export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: ApiKeySummary) => deleteApiKey(apiKey.id),
    onSuccess: (_deleted, apiKey) =>
      updateApiKeyLists(queryClient, (keys) => keys.filter((key) => key.id !== apiKey.id)),
  });
}
