import { describe, expect, it } from 'vitest';
import { CLIENT_TEXT_FIELDS } from '#shared/client';
import { type ClientRecord, clientRecordSchema, isWordpressConfigured, toClient } from './client-record';

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

describe('toClient', () => {
  it('returns every text field, null when absent, and never the password cipher', () => {
    const client = toClient({ ...base, city: 'Austin', wordpress_password_cipher: 'aes256gcm:v1:secret' });
    for (const field of CLIENT_TEXT_FIELDS) expect(client).toHaveProperty(field);
    expect(client.city).toBe('Austin');
    expect(client.owner).toBeNull();
    expect(JSON.stringify(client)).not.toContain('secret');
    expect(client).not.toHaveProperty('wordpress_password_cipher');
    expect(client).not.toHaveProperty('wordpress_app_password');
    expect(client).toMatchObject({
      id: base.clientId,
      name: base.name,
      created_by: 'user-1',
      created_at: base.createdAt,
      updated_at: base.updatedAt,
      content_count: 3,
      access_count: 1,
    });
  });

  it('never shows a negative counter', () => {
    const client = toClient({ ...base, contentCount: -1, accessCount: undefined });
    expect(client.content_count).toBe(0);
    expect(client.access_count).toBe(0);
  });
});

describe('isWordpressConfigured', () => {
  const full = {
    ...base,
    wordpress_url: 'https://example.com',
    wordpress_username: 'editor',
    wordpress_password_cipher: 'aes256gcm:v1:x',
  };

  it('is true only with url, username and password', () => {
    expect(isWordpressConfigured(full)).toBe(true);
    expect(isWordpressConfigured({ ...full, wordpress_url: undefined })).toBe(false);
    expect(isWordpressConfigured({ ...full, wordpress_username: undefined })).toBe(false);
    expect(isWordpressConfigured({ ...full, wordpress_password_cipher: undefined })).toBe(false);
    expect(toClient(full).wordpress_configured).toBe(true);
  });
});

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
