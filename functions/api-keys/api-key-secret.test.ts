import { describe, expect, it } from 'vitest';
import { API_KEY_DISPLAY_PREFIX_LENGTH, API_KEY_PATTERN } from '#shared/api-keys';
import { hashApiKey, newApiKeyValue, sameHash } from './api-key-secret';

describe('API key values', () => {
  it('are lbm_ plus 256 random bits in base64url, with a 12-character display prefix', () => {
    const value = newApiKeyValue();
    expect(value.key).toMatch(API_KEY_PATTERN);
    expect(Buffer.from(value.key.slice(4), 'base64url')).toHaveLength(32);
    expect(value.displayPrefix).toBe(value.key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH));
    expect(value.displayPrefix).toHaveLength(12);
    expect(value.hash).toBe(hashApiKey(value.key));
    expect(value.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(value.hash).not.toContain(value.key.slice(4));
  });

  it('never repeat', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newApiKeyValue().key));
    expect(keys.size).toBe(200);
  });

  it('compare hashes in constant time and refuse malformed ones', () => {
    const hash = hashApiKey('lbm_x');
    expect(sameHash(hash, hashApiKey('lbm_x'))).toBe(true);
    expect(sameHash(hash, hashApiKey('lbm_y'))).toBe(false);
    expect(sameHash(hash, '')).toBe(false);
    expect(sameHash('', '')).toBe(false);
    expect(sameHash(hash, hash.slice(0, 10))).toBe(false);
  });
});
