import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
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
 * The API key items of the single table (docs/architecture.md, "Data: one table"), in their own module so the authorizer's bundle
 * holds only these two entities. Same table, same key fields, GSIs and key formats as
 * functions/data/entities.ts (item-keys.ts: as ElectroDB wrote them).
 */

/** The constant partition of the "every key" index that admins list. */
const ALL_KEYS = 'all';

const indexKey = () => string().optional().hidden();

const apiKeyAttributes = () =>
  item({
    /** Hex SHA-256 of the whole key. */
    keyHash: string().key(),
    keyId: string(),
    name: string(),
    /** The key's first 12 characters (001 §9), shown followed by dots. */
    key_prefix: string(),
    user_id: string(),
    user_email: string(),
    /** The owner's admin status when the key was made: a key acts with its owner's access. */
    owner_is_admin: boolean().optional().default(false),
    is_active: boolean(),
    created_at: string(),
    last_used_at: string().optional(),
    /** Absent on keys made before scopes: they have every scope. */
    scopes: list(string()).optional(),
    expires_at: string().optional(),
    allKeys: string().optional().default(ALL_KEYS),
    edbVersion: entityVersion(),
  });

const apiKeySchema = () =>
  apiKeyAttributes().and((attributes) => ({
    /** byOwner: a user's keys, by id. */
    gsi1pk: indexKey().link<typeof attributes>(({ user_id }) => partitionKey([['user_id', user_id]])),
    gsi1sk: indexKey().link<typeof attributes>(({ keyId }) => sortKey('apiKey', [['keyId', keyId]])),
    /** byId: the key with this id. */
    gsi2pk: indexKey().link<typeof attributes>(({ keyId }) => partitionKey([['keyId', keyId]])),
    gsi2sk: indexKey().link<typeof attributes>(() => sortKey('apiKey')),
    /** all: every key, by id (admins). */
    gsi3pk: indexKey().link<typeof attributes>(({ allKeys }) =>
      partitionKey([['allKeys', allKeys ?? ALL_KEYS]]),
    ),
    gsi3sk: indexKey().link<typeof attributes>(({ keyId }) => sortKey('apiKey', [['keyId', keyId]])),
  }));

/** Requests one key made in one fixed window; counted by a single conditional ADD. */
const rateWindowSchema = () =>
  item({
    keyId: string().key(),
    /** Start of the window, epoch seconds, as text. */
    windowStart: string().key(),
    requests: number().optional(),
    /** TTL: a window is useless a minute after it ends. */
    expiresAt: number().optional(),
    edbVersion: entityVersion(),
  });

/** Each entity, and its schema, is built on first use: a key's request counts with rateWindow only. */
function buildApiKeyEntities(table: SingleTable) {
  const common = { table, timestamps: false } as const;
  return lazily({
    table: () => table,
    /**
     * One key. The table key is the SHA-256 of the key, so the authorizer resolves a key with one strongly
     * consistent GetItem (a deactivation is seen by the very next request). The key itself is never stored.
     */
    apiKey: () =>
      new Entity({
        ...common,
        name: 'apiKey',
        schema: apiKeySchema(),
        computeKey: ({ keyHash }: { keyHash: string }) => ({
          pk: partitionKey([['keyHash', keyHash]]),
          sk: sortKey('apiKey'),
        }),
      }),
    rateWindow: () =>
      new Entity({
        ...common,
        name: 'apiKeyRateWindow',
        schema: rateWindowSchema(),
        computeKey: ({ keyId, windowStart }: { keyId: string; windowStart: string }) => ({
          pk: partitionKey([
            ['keyId', keyId],
            ['windowStart', windowStart],
          ]),
          sk: sortKey('apiKeyRateWindow'),
        }),
      }),
  });
}

export type ApiKeyEntities = ReturnType<typeof buildApiKeyEntities>;

let cached:
  | { table: string; client: ReturnType<typeof dynamoDocumentClient>; entities: ApiKeyEntities }
  | undefined;

export function apiKeyEntities(): ApiKeyEntities {
  const table = requireEnv('tableName');
  const client = dynamoDocumentClient();
  if (cached?.table !== table || cached.client !== client) {
    cached = { table, client, entities: buildApiKeyEntities(singleTable(table, client)) };
  }
  return cached.entities;
}
