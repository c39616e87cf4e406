import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { type DeliveryRecord, findDelivery, findWebhook, type WebhookRecord } from './webhook-store';

/**
 * An endpoint belongs to the user who registered it (in the app or with one of their keys) and to no one
 * else, administrators included: another user's id answers 404, as one that does not exist.
 */
/** Ids are ULIDs (deliveries `msg_` and one): anything else names nothing, and is not looked up. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const DELIVERY_ID = /^msg_[0-9A-HJKMNP-TV-Z]{26}$/;

export async function requireOwnWebhook(caller: Caller, webhookId: string): Promise<WebhookRecord> {
  const webhook = ULID.test(webhookId) ? await findWebhook(caller.userId, webhookId) : null;
  if (!webhook) throw new NotFoundError('Webhook endpoint not found');
  return webhook;
}

export async function requireDelivery(webhook: WebhookRecord, deliveryId: string): Promise<DeliveryRecord> {
  const delivery = DELIVERY_ID.test(deliveryId) ? await findDelivery(webhook.webhookId, deliveryId) : null;
  if (!delivery) throw new NotFoundError('Delivery not found');
  return delivery;
}
