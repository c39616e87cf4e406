import { describe, expect, it } from 'vitest';
import type { Caller } from '#functions/commons/caller';
import { mayRestore, type TrashEntry, trashKeys } from './trash-bin';

// Storage (chunks, heads, expiry) is tested against dynalite: test/integration/trash-bin.test.ts.

const entry: TrashEntry<{ n: number }> = {
  kind: 'test',
  deletedAt: '2025-01-01T00:00:00.000Z',
  deletedBy: { userId: 'u1', email: 'u1@agency.test' },
  restorableBy: ['u1', 'u2'],
  payload: { n: 1 },
};

describe('trash keys', () => {
  it('names one slot per deleted client and per deleted library item', () => {
    expect(trashKeys.client('C1')).toBe('trash/clients/C1.json');
    expect(trashKeys.content('C1', 'K1')).toBe('trash/content/C1/K1.json');
  });
});

describe('mayRestore', () => {
  const caller = (userId: string, isAdmin = false): Caller => ({
    userId,
    email: `${userId}@agency.test`,
    isAdmin,
    authMethod: 'token',
  });

  it('allows the listed users and admins only', () => {
    expect(mayRestore(entry, caller('u1'))).toBe(true);
    expect(mayRestore(entry, caller('u2'))).toBe(true);
    expect(mayRestore(entry, caller('u3'))).toBe(false);
    expect(mayRestore(entry, caller('u3', true))).toBe(true);
  });
});
