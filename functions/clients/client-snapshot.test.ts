import { describe, expect, it } from 'vitest';
import type { ClientRecord } from './client-record';
import { clientRecordSchema } from './client-snapshot';

const base: ClientRecord = {
  clientId: '01J0000000000000000000000A',
  name: 'Bright Smile Dental',
  createdBy: 'user-1',
  createdByEmail: 'owner@agency.test',
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-03T03:04:05.000Z',
  contentCount: 3,
  accessCount: 1,
  allClients: 'all',
};

describe('clientRecordSchema', () => {
  it('keeps the stored fields and drops the index-only constant', () => {
    const parsed = clientRecordSchema.parse({ ...base, wordpress_password_cipher: 'c' });
    expect(parsed).not.toHaveProperty('allClients');
    expect(parsed.wordpress_password_cipher).toBe('c');
    expect(parsed.contentCount).toBe(3);
  });

  it('refuses a record without its key', () => {
    expect(clientRecordSchema.safeParse({ ...base, clientId: undefined }).success).toBe(false);
  });
});
