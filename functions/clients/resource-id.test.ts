import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { isResourceId } from './resource-id';

describe('isResourceId', () => {
  it('accepts a fresh ULID', () => {
    expect(isResourceId(ulid())).toBe(true);
  });

  it.each([
    ['lower-cased ULID', ulid().toLowerCase()],
    ['too short', '01HZY3'],
    ['path traversal', '../../etc/passwd'],
    ['slash inside', `${ulid().slice(0, 25)}/`],
    ['excluded letter U', 'U'.repeat(26)],
    ['empty', ''],
  ])('refuses %s', (_label, value) => {
    expect(isResourceId(value)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isResourceId(undefined)).toBe(false);
    expect(isResourceId(42)).toBe(false);
  });
});
