import { describe, expect, it } from 'vitest';
import type { Caller } from '#functions/commons/caller';
import { canManageAccess, roleOf } from './client-access';
import type { ClientRecord } from './client-record';

const record = {
  clientId: '01J0000000000000000000000A',
  name: 'Acme',
  createdBy: 'creator-id',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
} as ClientRecord;

const caller = (userId: string, isAdmin = false): Caller => ({
  userId,
  email: `${userId}@agency.test`,
  isAdmin,
  authMethod: 'token',
});

describe('roleOf', () => {
  it.each([
    ['the creator', caller('creator-id'), false, 'creator'],
    ['the creator, also granted', caller('creator-id'), true, 'creator'],
    ['an admin', caller('someone', true), false, 'admin'],
    ['a granted user', caller('someone'), true, 'granted'],
    ['anyone else', caller('someone'), false, null],
  ] as const)('gives %s the role %s', (_label, who, granted, expected) => {
    expect(roleOf(who, record, granted)).toBe(expected);
  });
});

describe('canManageAccess', () => {
  it('lets the creator and admins manage grants, not granted users', () => {
    expect(canManageAccess(caller('creator-id'), record)).toBe(true);
    expect(canManageAccess(caller('admin', true), record)).toBe(true);
    expect(canManageAccess(caller('granted'), record)).toBe(false);
  });
});
