import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '#shared/webhook-schemas';
import type { WebhookEvent } from '#shared/webhooks';
import { deliveriesQuery, webhookKeys, webhooksQuery } from './queries';
import { createWebhook, deleteWebhook, redeliver, sendTestEvent } from './webhooks-api';

/** The caller's webhook endpoints. */
export function useWebhooks() {
  const { data, isError, refetch } = useQuery(webhooksQuery());
  return { webhooks: data ?? null, failed: isError, reload: () => void refetch() };
}

/** One endpoint's deliveries, read while its list is open. */
export function useDeliveries(webhookId: string) {
  const { data, isError, refetch } = useQuery(deliveriesQuery(webhookId));
  return { deliveries: data ?? null, failed: isError, reload: () => void refetch() };
}

/** A new endpoint joins the list (its secret, shown once, is not kept in the cache). */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, events }: { url: string; events: readonly WebhookEvent[] }) =>
      createWebhook(url, events),
    onSuccess: ({ secret: _shownOnce, ...webhook }) =>
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(), (webhooks) => [...(webhooks ?? []), webhook]),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhook: Webhook) => deleteWebhook(webhook.webhookId),
    onSuccess: (_deleted, webhook) => {
      queryClient.setQueryData<Webhook[]>(webhookKeys.list(), (webhooks) =>
        webhooks?.filter((item) => item.webhookId !== webhook.webhookId),
      );
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(webhook.webhookId) });
    },
  });
}

/** A test event or a redelivery: the endpoint's deliveries (and its last delivery) are read again. */
function useDeliveryMutation<Input extends { readonly webhookId: string }>(
  send: (input: Input) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_delivery, { webhookId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]),
  });
}

export function useSendTestEvent() {
  return useDeliveryMutation(({ webhookId }: { webhookId: string }) => sendTestEvent(webhookId));
}

export function useRedeliver() {
  return useDeliveryMutation(({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
    redeliver(webhookId, deliveryId),
  );
}
