import type { Caller } from '#functions/commons/caller';
import { ForbiddenError, NotFoundError } from '#functions/commons/errors';
import { findApiKeyById, type StoredApiKey } from './api-key-store';

/**
 * Who may do what with a key: its owner everything; an admin may see and deactivate anyone's key;
 * anyone else gets the same 404 as for a missing key.
 */

export type ApiKeyAction = 'activate' | 'deactivate' | 'delete';

export function mayActOnApiKey(
  caller: Caller,
  key: StoredApiKey,
  action: ApiKeyAction,
): 'yes' | 'forbidden' | 'hidden' {
  if (key.user_id === caller.userId) return 'yes';
  if (!caller.isAdmin) return 'hidden';
  return action === 'deactivate' ? 'yes' : 'forbidden';
}

/** The key, if the caller may see it at all (owner or admin); the same 404 as a missing key otherwise. */
export async function findVisibleApiKey(caller: Caller, keyId: string): Promise<StoredApiKey> {
  const key = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(keyId) ? await findApiKeyById(keyId) : null;
  if (!key || mayActOnApiKey(caller, key, 'deactivate') === 'hidden') {
    throw new NotFoundError('API key not found');
  }
  return key;
}

/** Throws 403 when a visible key may not take this action from the caller. */
export function assertApiKeyAction(caller: Caller, key: StoredApiKey, action: ApiKeyAction): void {
  if (mayActOnApiKey(caller, key, action) === 'forbidden') {
    throw new ForbiddenError("Only the key's owner can do this; administrators may deactivate it.");
  }
}
