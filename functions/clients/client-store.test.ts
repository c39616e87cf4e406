import { describe, expect, it } from 'vitest';
import { clientInputSchema } from '#shared/client-input';
import type { ClientRecord } from './client-record';
import { changedFields } from './client-store';

const record = {
  clientId: '01J0000000000000000000000A',
  name: 'Acme Roofing',
  city: 'Denver',
  phone: '303-555-0100',
  wordpress_password_cipher: 'aes256gcm:v1:x',
  createdBy: 'u',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
} as ClientRecord;

const input = (body: Record<string, unknown>) => clientInputSchema.parse(body);

describe('changedFields', () => {
  it('is empty when the same values come back, trimmed', () => {
    expect(
      changedFields(record, input({ name: ' Acme Roofing ', city: 'Denver ', phone: '303-555-0100' })),
    ).toEqual([]);
  });

  it('names set, changed and cleared fields', () => {
    expect(changedFields(record, input({ name: 'Acme Roofing Co', city: '', owner: 'Dana' }))).toEqual([
      'name',
      'owner',
      'phone',
      'city',
    ]);
  });

  it('counts the password when replaced or cleared, not when absent', () => {
    const same = { name: 'Acme Roofing', city: 'Denver', phone: '303-555-0100' };
    expect(changedFields(record, input({ ...same, wordpress_app_password: 'new pass' }))).toEqual([
      'wordpress_app_password',
    ]);
    expect(changedFields(record, input({ ...same, wordpress_app_password: null }))).toEqual([
      'wordpress_app_password',
    ]);
    expect(changedFields(record, input({ ...same, wordpress_app_password: '  ' }))).toEqual([
      'wordpress_app_password',
    ]);
    expect(changedFields(record, input(same))).toEqual([]);
    expect(
      changedFields(
        { ...record, wordpress_password_cipher: undefined },
        input({ ...same, wordpress_app_password: '' }),
      ),
    ).toEqual([]);
  });
});
