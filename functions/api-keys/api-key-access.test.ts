import { describe, expect, it } from 'vitest';
import type { Caller } from '#functions/commons/caller';
import { callerFromAuthorizer } from '#functions/commons/caller';
import { refusedCredentials } from '#functions/commons/credential-refusals';
import { mayActOnApiKey } from './api-key-access';
import type { StoredApiKey } from './api-key-store';

const caller = (userId: string, isAdmin = false): Caller => ({
  userId,
  email: `${userId}@example.com`,
  isAdmin,
  authMethod: 'token',
});

const key: StoredApiKey = {
  id: '01J0000000000000000000000A',
  name: 'Script',
  key_prefix: 'lbm_abcdefgh',
  user_id: 'owner',
  user_email: 'owner@example.com',
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
  scopes: ['read', 'generate', 'publish', 'admin'],
  expires_at: null,
  keyHash: 'f'.repeat(64),
  ownerIsAdmin: false,
};

describe('who may act on a key', () => {
  it('lets the owner do everything', () => {
    for (const action of ['activate', 'deactivate', 'delete'] as const) {
      expect(mayActOnApiKey(caller('owner'), key, action)).toBe('yes');
    }
  });

  it('lets an admin only deactivate someone else’s key', () => {
    expect(mayActOnApiKey(caller('boss', true), key, 'deactivate')).toBe('yes');
    expect(mayActOnApiKey(caller('boss', true), key, 'activate')).toBe('forbidden');
    expect(mayActOnApiKey(caller('boss', true), key, 'delete')).toBe('forbidden');
  });

  it('hides the key from anyone else', () => {
    for (const action of ['activate', 'deactivate', 'delete'] as const) {
      expect(mayActOnApiKey(caller('stranger'), key, action)).toBe('hidden');
    }
  });
});

describe('the authorizer context of a key', () => {
  it('is no caller when the key was refused, and names the key when it was accepted', () => {
    expect(callerFromAuthorizer({ ...refusedCredentials('invalid_key') })).toBeNull();
    expect(
      callerFromAuthorizer({ userId: 'owner', email: 'o@example.com', isAdmin: false, authMethod: 'apiKey' }),
    ).toBeNull();
    expect(
      callerFromAuthorizer({
        userId: 'owner',
        email: 'o@example.com',
        isAdmin: 'false',
        authMethod: 'apiKey',
        apiKeyId: key.id,
        apiKeyScopes: 'generate read nonsense',
      }),
    ).toEqual({
      userId: 'owner',
      email: 'o@example.com',
      isAdmin: false,
      // In the catalogue's order; a name that is no scope is dropped.
      apiKeyScopes: ['read', 'generate'],
      authMethod: 'apiKey',
      apiKeyId: key.id,
    });
  });
});
