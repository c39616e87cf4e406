import type { CreatedWebhook, Webhook, WebhookDelivery } from '#shared/webhook-schemas';
import type { WebhookEvent } from '#shared/webhooks';
import { api } from '@/lib/api-client';

/** The webhook routes (docs/architecture.md, "Webhooks"); the page calls them with the sign-in token. */

const endpointPath = (webhookId: string) => `/api/webhooks/${encodeURIComponent(webhookId)}`;

export async function fetchWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  const { webhooks } = await api.get<{ webhooks: Webhook[] }>('/api/webhooks', signal ? { signal } : {});
  return webhooks;
}

export function createWebhook(url: string, events: readonly WebhookEvent[]): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>('/api/webhooks', { url, events });
}

export async function deleteWebhook(webhookId: string): Promise<void> {
  await api.delete(endpointPath(webhookId));
}

export async function fetchDeliveries(webhookId: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await api.get<{ deliveries: WebhookDelivery[] }>(
    `${endpointPath(webhookId)}/deliveries`,
    signal ? { signal } : {},
  );
  return deliveries;
}

export function sendTestEvent(webhookId: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`${endpointPath(webhookId)}/test`, {});
}

export function redeliver(webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(
    `${endpointPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    {},
  );
}
