import { Entity } from 'electrodb';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';

/**
 * The API key items of the single table (DESIGN.md §5), in their own module so the authorizer's bundle
 * holds only these two entities. Same table, same key fields and GSIs as functions/data/entities.ts.
 */

const SERVICE = 'lbm';

function buildApiKeyEntities(table: string, client: ReturnType<typeof dynamoDocumentClient>) {
  const options = { table, client };

  /**
   * One key. The table key is the SHA-256 of the key, so the authorizer resolves a key with one strongly
   * consistent GetItem (a deactivation is seen by the very next request). The key itself is never stored.
   */
  const apiKey = new Entity(
    {
      model: { entity: 'apiKey', version: '1', service: SERVICE },
      attributes: {
        /** Hex SHA-256 of the whole key. */
        keyHash: { type: 'string', required: true, readOnly: true },
        keyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        /** The key's first 12 characters (001 §9), shown followed by dots. */
        key_prefix: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        user_email: { type: 'string', required: true, readOnly: true },
        /** The owner's admin status when the key was made: a key acts with its owner's access. */
        owner_is_admin: { type: 'boolean', default: false },
        is_active: { type: 'boolean', required: true },
        created_at: { type: 'string', required: true, readOnly: true },
        last_used_at: { type: 'string' },
        /** Constant partition of the "every key" index that admins list. */
        allKeys: { type: 'string', default: 'all', readOnly: true },
      },
      indexes: {
        byHash: {
          pk: { field: 'pk', composite: ['keyHash'] },
          sk: { field: 'sk', composite: [] },
        },
        byOwner: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['keyId'] },
        },
        byId: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['keyId'] },
          sk: { field: 'gsi2sk', composite: [] },
        },
        all: {
          index: 'gsi3',
          pk: { field: 'gsi3pk', composite: ['allKeys'] },
          sk: { field: 'gsi3sk', composite: ['keyId'] },
        },
      },
    },
    options,
  );

  /** Requests one key made in one fixed one-minute window; counted by a single conditional ADD. */
  const rateWindow = new Entity(
    {
      model: { entity: 'apiKeyRateWindow', version: '1', service: SERVICE },
      attributes: {
        keyId: { type: 'string', required: true },
        /** Start of the window, epoch seconds, as text. */
        windowStart: { type: 'string', required: true },
        requests: { type: 'number' },
        /** TTL: a window is useless a minute after it ends. */
        expiresAt: { type: 'number' },
      },
      indexes: {
        byWindow: {
          pk: { field: 'pk', composite: ['keyId', 'windowStart'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    options,
  );

  return { apiKey, rateWindow };
}

export type ApiKeyEntities = ReturnType<typeof buildApiKeyEntities>;

let cached:
  | { table: string; client: ReturnType<typeof dynamoDocumentClient>; entities: ApiKeyEntities }
  | undefined;

export function apiKeyEntities(): ApiKeyEntities {
  const table = requireEnv('tableName');
  const client = dynamoDocumentClient();
  if (cached?.table !== table || cached.client !== client) {
    cached = { table, client, entities: buildApiKeyEntities(table, client) };
  }
  return cached.entities;
}
