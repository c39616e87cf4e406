import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import type { Caller } from '#functions/commons/caller';
import type { ApiKeySummary, CreatedApiKey } from '#shared/api-keys';
import { type ApiKeyEntities, apiKeyEntities } from './api-key-entities';
import { newApiKeyValue } from './api-key-secret';

/** The api_keys table of 001 §3, minus key_value: the store never holds a key, only its hash. */

type ApiKeyRow = EntityItem<ApiKeyEntities['apiKey']>;

export interface StoredApiKey extends ApiKeySummary {
  readonly keyHash: string;
  readonly ownerIsAdmin: boolean;
}

/** last_used_at is written at most once a minute per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

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
    keyHash: row.keyHash,
    ownerIsAdmin: row.owner_is_admin ?? false,
  };
}

export function toSummary(key: StoredApiKey): ApiKeySummary {
  const { keyHash, ownerIsAdmin, ...summary } = key;
  return summary;
}

function isConditionFailure(error: unknown): boolean {
  return (error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException';
}

export async function createApiKey(caller: Caller, name: string, now = new Date()): Promise<CreatedApiKey> {
  const value = newApiKeyValue();
  const { data } = await apiKeyEntities()
    .apiKey.create({
      keyHash: value.hash,
      keyId: ulid(now.getTime()),
      name,
      key_prefix: value.displayPrefix,
      user_id: caller.userId,
      user_email: caller.email,
      owner_is_admin: caller.isAdmin,
      is_active: true,
      created_at: now.toISOString(),
    })
    .go();
  return { ...toSummary(fromRow(data)), key: value.key };
}

/** The caller's keys, newest first. */
export async function listOwnApiKeys(userId: string): Promise<StoredApiKey[]> {
  const { data } = await apiKeyEntities()
    .apiKey.query.byOwner({ user_id: userId })
    .go({ pages: 'all', order: 'desc' });
  return data.map(fromRow);
}

/** Every key, newest first (admins). */
export async function listAllApiKeys(): Promise<StoredApiKey[]> {
  const { data } = await apiKeyEntities()
    .apiKey.query.all({ allKeys: 'all' })
    .go({ pages: 'all', order: 'desc' });
  return data.map(fromRow);
}

export async function findApiKeyById(keyId: string): Promise<StoredApiKey | null> {
  const { data } = await apiKeyEntities().apiKey.query.byId({ keyId }).go({ limit: 1 });
  const row = data[0];
  return row ? fromRow(row) : null;
}

/** The authorizer's lookup: strongly consistent, so a change is seen by the next request. */
export async function findApiKeyByHash(keyHash: string): Promise<StoredApiKey | null> {
  const { data } = await apiKeyEntities().apiKey.get({ keyHash }).go({ consistent: true });
  return data ? fromRow(data) : null;
}

/** Null when the key no longer exists. */
export async function setApiKeyActive(keyHash: string, isActive: boolean): Promise<StoredApiKey | null> {
  try {
    const { data } = await apiKeyEntities()
      .apiKey.patch({ keyHash })
      .set({ is_active: isActive })
      .go({ response: 'all_new' });
    return fromRow(data);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

export async function deleteApiKey(keyHash: string): Promise<void> {
  await apiKeyEntities().apiKey.delete({ keyHash }).go();
}

/**
 * Stamps last_used_at unless it was stamped less than a minute ago. The condition makes it one write
 * a minute per key however many requests race; losing the race is the expected outcome, not an error.
 */
export async function touchApiKey(keyHash: string, now = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString();
  try {
    await apiKeyEntities()
      .apiKey.patch({ keyHash })
      .set({ last_used_at: now.toISOString() })
      .where(
        ({ last_used_at }, { notExists, lt }) =>
          `${notExists(last_used_at)} OR ${lt(last_used_at, staleBefore)}`,
      )
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function lastUsedIsStale(key: StoredApiKey, now = new Date()): boolean {
  return key.last_used_at === null || Date.parse(key.last_used_at) <= now.getTime() - LAST_USED_RESOLUTION_MS;
}
