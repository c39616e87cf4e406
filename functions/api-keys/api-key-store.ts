import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import type { Caller } from '#functions/commons/caller';
import { findItem, putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import { API_KEY_SCOPES, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '#shared/api-keys';
import { type ApiKeyEntities, apiKeyEntities } from './api-key-entities';
import { newApiKeyValue } from './api-key-secret';

/** The api_keys table of 001 §3, minus key_value: the store never holds a key, only its hash. */

type ApiKeyRow = FormattedItem<ApiKeyEntities['apiKey']>;

export interface StoredApiKey extends ApiKeySummary {
  readonly keyHash: string;
  readonly ownerIsAdmin: boolean;
}

/** last_used_at is written at most once a minute per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** A key's scopes as stored, in the catalogue's order; every scope when none were stored. */
function scopesOf(stored: readonly string[] | undefined): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => stored === undefined || stored.includes(scope));
}

function fromRow(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.keyId,
    name: row.name,
    key_prefix: row.key_prefix,
    user_id: row.user_id,
    user_email: row.user_email,
    is_active: row.is_active,
    created_at: row.created_at,
    last_used_at: row.last_used_at ?? null,
    scopes: scopesOf(row.scopes),
    expires_at: row.expires_at ?? null,
    keyHash: row.keyHash,
    ownerIsAdmin: row.owner_is_admin ?? false,
  };
}

export function toSummary(key: StoredApiKey): ApiKeySummary {
  const { keyHash, ownerIsAdmin, ...summary } = key;
  return summary;
}

export async function createApiKey(
  caller: Caller,
  input: {
    readonly name: string;
    readonly scopes: readonly ApiKeyScope[];
    readonly expiresAt: string | null;
  },
  now = new Date(),
): Promise<CreatedApiKey> {
  const value = newApiKeyValue();
  const row = await putItem(
    apiKeyEntities().apiKey,
    {
      keyHash: value.hash,
      keyId: ulid(now.getTime()),
      name: input.name,
      key_prefix: value.displayPrefix,
      user_id: caller.userId,
      user_email: caller.email,
      owner_is_admin: caller.isAdmin,
      is_active: true,
      created_at: now.toISOString(),
      scopes: API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope)),
      ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
    },
    { attr: 'keyHash', exists: false },
  );
  return { ...toSummary(fromRow(row)), key: value.key };
}

/** Every key in one partition of an index, newest first (gsi1: a user's keys, gsi3: all keys). */
async function keysIn(index: 'gsi1' | 'gsi3', partition: string): Promise<StoredApiKey[]> {
  const { table, apiKey } = apiKeyEntities();
  const items = await queryAll(
    apiKey,
    table
      .build(QueryCommand)
      .entities(apiKey)
      .query({ index, partition, range: { beginsWith: sortKeyPrefix('apiKey', 'keyId') } })
      .options({ reverse: true })
      .params(),
  );
  return items.map(fromRow);
}

/** The caller's keys, newest first. */
export function listOwnApiKeys(userId: string): Promise<StoredApiKey[]> {
  return keysIn('gsi1', partitionKey([['user_id', userId]]));
}

/** Every key, newest first (admins). */
export function listAllApiKeys(): Promise<StoredApiKey[]> {
  return keysIn('gsi3', partitionKey([['allKeys', 'all']]));
}

export async function findApiKeyById(keyId: string): Promise<StoredApiKey | null> {
  const { table, apiKey } = apiKeyEntities();
  const { Items } = await readQueryPage(
    apiKey,
    table
      .build(QueryCommand)
      .entities(apiKey)
      .query({ index: 'gsi2', partition: partitionKey([['keyId', keyId]]), range: { eq: sortKey('apiKey') } })
      .options({ limit: 1 })
      .params(),
  );
  const row = Items[0];
  return row ? fromRow(row) : null;
}

/** The authorizer's lookup: strongly consistent, so a change is seen by the next request. */
export async function findApiKeyByHash(keyHash: string): Promise<StoredApiKey | null> {
  const row = await findItem(apiKeyEntities().apiKey, { keyHash }, { consistent: true });
  return row ? fromRow(row) : null;
}

/** Null when the key no longer exists. */
export async function setApiKeyActive(keyHash: string, isActive: boolean): Promise<StoredApiKey | null> {
  try {
    const { Attributes } = await apiKeyEntities()
      .apiKey.build(UpdateItemCommand)
      .item({ keyHash, is_active: isActive })
      .options({ condition: { attr: 'keyHash', exists: true }, returnValues: 'ALL_NEW' })
      .send();
    return Attributes ? fromRow(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function deleteApiKey(keyHash: string): Promise<void> {
  await apiKeyEntities().apiKey.build(DeleteItemCommand).key({ keyHash }).send();
}

/**
 * Stamps last_used_at unless it was stamped less than a minute ago. The condition makes it one write
 * a minute per key however many requests race; losing the race is the expected outcome, not an error.
 */
export async function touchApiKey(keyHash: string, now = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  try {
    await apiKeyEntities()
      .apiKey.build(UpdateItemCommand)
      .item({ keyHash, last_used_at: now.toISOString() })
      .options({
        condition: {
          and: [
            { attr: 'keyHash', exists: true },
            {
              or: [
                { attr: 'last_used_at', exists: false },
                { attr: 'last_used_at', lt: staleBefore },
              ],
            },
          ],
        },
      })
      .send();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function lastUsedIsStale(key: StoredApiKey, now = new Date()): boolean {
  return key.last_used_at === null || Date.parse(key.last_used_at) <= now.getTime() - LAST_USED_RESOLUTION_MS;
}
