import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { API_KEY_MESSAGES, type ApiKeySummary } from '#shared/api-keys';
import { WEBHOOK_MESSAGES } from '#shared/webhooks';
import { fetchApiKeys } from './api-keys-api';
import { fetchDeliveries, fetchWebhooks } from './webhooks-api';

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

/** The webhook endpoints and each one's deliveries. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, 'deliveries', webhookId] as const,
};

export const webhooksQuery = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => fetchWebhooks(signal),
    meta: { failureToast: WEBHOOK_MESSAGES.fetchFailed },
  });

/** A delivery still pending is read again every few seconds, until its attempts end. */
const PENDING_POLL_MS = 3000;

export const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ signal }) => fetchDeliveries(webhookId, signal),
    meta: { failureToast: WEBHOOK_MESSAGES.deliveriesFailed },
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false,
  });
