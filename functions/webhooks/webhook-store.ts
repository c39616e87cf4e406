import { randomBytes } from 'node:crypto';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { findItem, putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { WebhookDelivery, Webhook as WebhookView } from '#shared/webhook-schemas';
import {
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '#shared/webhooks';
import { type WebhookEntities, webhookEntities } from './webhook-entities';

export type WebhookRecord = FormattedItem<WebhookEntities['webhook']>;
export type DeliveryRecord = FormattedItem<WebhookEntities['delivery']>;

const DAY_SECONDS = 86_400;
/** The deliveries a list shows: the newest ones. */
export const DELIVERY_LIST_LIMIT = 50;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64 (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhookView(record: WebhookRecord): WebhookView {
  return {
    webhookId: record.webhookId,
    url: record.url,
    events: record.events as WebhookEvent[],
    createdAt: record.createdAt,
    lastDelivery:
      record.lastDeliveryStatus && record.lastDeliveryAt
        ? {
            status: record.lastDeliveryStatus as WebhookDeliveryStatus,
            at: record.lastDeliveryAt,
            responseStatus: record.lastResponseStatus ?? null,
          }
        : null,
  };
}

export function toDeliveryView(record: DeliveryRecord): WebhookDelivery {
  return {
    deliveryId: record.deliveryId,
    webhookId: record.webhookId,
    type: record.type,
    status: record.status,
    attempts: record.attempts,
    responseStatus: record.responseStatus ?? null,
    error: record.error ?? null,
    createdAt: record.createdAt,
    lastAttemptAt: record.lastAttemptAt ?? null,
    nextAttemptAt: record.status === 'pending' ? (record.nextAttemptAt ?? null) : null,
  };
}

export async function putWebhook(input: {
  readonly userId: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly secretCipher: string;
  readonly apiKeyId: string | undefined;
  readonly now: Date;
}): Promise<WebhookRecord> {
  return putItem(webhookEntities().webhook, {
    userId: input.userId,
    webhookId: ulid(input.now.getTime()),
    url: input.url,
    events: [...input.events],
    secretCipher: input.secretCipher,
    createdAt: input.now.toISOString(),
    ...(input.apiKeyId ? { createdByApiKeyId: input.apiKeyId } : {}),
  });
}

/** A user's endpoints, oldest first. */
export async function listWebhooks(userId: string): Promise<WebhookRecord[]> {
  const { table, webhook } = webhookEntities();
  return queryAll(
    webhook,
    table
      .build(QueryCommand)
      .entities(webhook)
      .query({
        partition: partitionKey([['webhookUser', userId]]),
        range: { beginsWith: sortKeyPrefix('webhook', 'webhookId') },
      })
      .params(),
  );
}

export function findWebhook(userId: string, webhookId: string): Promise<WebhookRecord | null> {
  return findItem(webhookEntities().webhook, { userId, webhookId }, { consistent: true });
}

export async function deleteWebhook(record: WebhookRecord): Promise<void> {
  await webhookEntities()
    .webhook.build(DeleteItemCommand)
    .key({ userId: record.userId, webhookId: record.webhookId })
    .send();
}

export async function putDelivery(input: {
  readonly webhook: Pick<WebhookRecord, 'userId' | 'webhookId'>;
  readonly type: string;
  readonly payload: string;
  readonly now: Date;
}): Promise<DeliveryRecord> {
  return putItem(webhookEntities().delivery, {
    webhookId: input.webhook.webhookId,
    deliveryId: `msg_${ulid(input.now.getTime())}`,
    userId: input.webhook.userId,
    type: input.type,
    payload: input.payload,
    status: 'pending',
    attempts: 0,
    round: 0,
    createdAt: input.now.toISOString(),
    nextAttemptAt: input.now.toISOString(),
    expiresAt: Math.floor(input.now.getTime() / 1000) + WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_SECONDS,
  });
}

export function findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null> {
  return findItem(webhookEntities().delivery, { webhookId, deliveryId }, { consistent: true });
}

/** The endpoint's newest deliveries, newest first. */
export async function listDeliveries(webhookId: string): Promise<DeliveryRecord[]> {
  const { table, delivery } = webhookEntities();
  const page = await readQueryPage(
    delivery,
    table
      .build(QueryCommand)
      .entities(delivery)
      .query({
        partition: partitionKey([['webhookId', webhookId]]),
        range: { beginsWith: sortKeyPrefix('webhookDelivery', 'deliveryId') },
      })
      .options({ reverse: true, limit: DELIVERY_LIST_LIMIT })
      .params(),
  );
  return page.Items;
}

/** What one attempt came to, recorded on the delivery and, as its latest, on the endpoint. */
export async function recordAttempt(
  record: DeliveryRecord,
  outcome: {
    readonly status: WebhookDeliveryStatus;
    readonly responseStatus: number | null;
    readonly error: string | null;
    readonly at: Date;
    readonly nextAttemptAt: Date | null;
  },
): Promise<void> {
  const { delivery, webhook } = webhookEntities();
  const at = outcome.at.toISOString();
  await delivery
    .build(UpdateItemCommand)
    .item({
      webhookId: record.webhookId,
      deliveryId: record.deliveryId,
      status: outcome.status,
      attempts: record.attempts + 1,
      lastAttemptAt: at,
      // An attempt's figures replace the last one's, absent ones included.
      responseStatus: outcome.responseStatus ?? $remove(),
      error: outcome.error ?? $remove(),
      nextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? $remove(),
    })
    // A redelivery started meanwhile owns the delivery now: this older round's outcome is dropped.
    .options({ condition: { attr: 'round', eq: record.round } })
    .send()
    .catch(ignoreConditionFailure);
  await webhook
    .build(UpdateItemCommand)
    .item({
      userId: record.userId,
      webhookId: record.webhookId,
      lastDeliveryStatus: outcome.status,
      lastDeliveryAt: at,
      lastResponseStatus: outcome.responseStatus ?? $remove(),
    })
    // The endpoint may have been deleted while the attempt ran: do not bring it back.
    .options({ condition: { attr: 'webhookId', exists: true } })
    .send()
    .catch(ignoreConditionFailure);
}

/** A new round of attempts on a delivery (Redeliver): pending again, due now. Returns it as updated. */
export async function restartDelivery(record: DeliveryRecord, now: Date): Promise<DeliveryRecord> {
  const { Attributes } = await webhookEntities()
    .delivery.build(UpdateItemCommand)
    .item({
      webhookId: record.webhookId,
      deliveryId: record.deliveryId,
      status: 'pending',
      round: record.round + 1,
      nextAttemptAt: now.toISOString(),
    })
    .options({ returnValues: 'ALL_NEW' })
    .send();
  return (
    Attributes ?? { ...record, status: 'pending', round: record.round + 1, nextAttemptAt: now.toISOString() }
  );
}

function ignoreConditionFailure(error: unknown): void {
  if (!isConditionFailure(error)) throw error;
}
