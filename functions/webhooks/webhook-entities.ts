import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import {
  entityVersion,
  partitionKey,
  type SingleTable,
  singleTable,
  sortKey,
} from '#functions/data/item-keys';
import { lazily } from '#functions/data/once';

/**
 * The webhook items of the single table (docs/architecture.md, "Data: one table"), in their own module
 * so that the functions which only emit events (the worker, the reviews, the publishers) bundle these two
 * entities and not the app's forty.
 *
 * - An endpoint lives in its owner's partition (`webhookUser`), so emitting an event is one Query.
 * - A delivery lives in its endpoint's partition (`webhookId`), newest last by its ULID, and expires
 *   after WEBHOOK_DELIVERY_RETENTION_DAYS.
 */

const optionalString = () => string().optional();

const webhookSchema = () =>
  item({
    userId: string().key(),
    webhookId: string().key(),
    url: string(),
    events: list(string()),
    /** The signing secret, sealed (functions/clients/password-cipher.ts, purpose `webhook_secret`). */
    secretCipher: string(),
    createdAt: string(),
    /** The key that registered it, when one did. */
    createdByApiKeyId: optionalString(),
    lastDeliveryStatus: optionalString(),
    lastDeliveryAt: optionalString(),
    lastResponseStatus: number().optional(),
    edbVersion: entityVersion(),
  });

const deliverySchema = () =>
  item({
    webhookId: string().key(),
    deliveryId: string().key(),
    userId: string(),
    type: string(),
    /** The exact body every attempt sends, so a signature always covers the same bytes. */
    payload: string(),
    status: string().enum('pending', 'succeeded', 'failed'),
    attempts: number(),
    /** Bumped by a redelivery: a queued attempt of an earlier round sees it and stands down. */
    round: number(),
    responseStatus: number().optional(),
    error: optionalString(),
    createdAt: string(),
    lastAttemptAt: optionalString(),
    nextAttemptAt: optionalString(),
    expiresAt: number(),
    edbVersion: entityVersion(),
  });

function buildWebhookEntities(table: SingleTable) {
  const common = { table, timestamps: false } as const;
  return lazily({
    table: () => table,
    webhook: () =>
      new Entity({
        ...common,
        name: 'webhook',
        schema: webhookSchema(),
        computeKey: ({ userId, webhookId }: { userId: string; webhookId: string }) => ({
          pk: partitionKey([['webhookUser', userId]]),
          sk: sortKey('webhook', [['webhookId', webhookId]]),
        }),
      }),
    delivery: () =>
      new Entity({
        ...common,
        name: 'webhookDelivery',
        schema: deliverySchema(),
        computeKey: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) => ({
          pk: partitionKey([['webhookId', webhookId]]),
          sk: sortKey('webhookDelivery', [['deliveryId', deliveryId]]),
        }),
      }),
  });
}

export type WebhookEntities = ReturnType<typeof buildWebhookEntities>;

let cached:
  | { table: string; client: ReturnType<typeof dynamoDocumentClient>; entities: WebhookEntities }
  | undefined;

export function webhookEntities(): WebhookEntities {
  const table = requireEnv('tableName');
  const client = dynamoDocumentClient();
  if (cached?.table !== table || cached.client !== client) {
    cached = { table, client, entities: buildWebhookEntities(singleTable(table, client)) };
  }
  return cached.entities;
}
