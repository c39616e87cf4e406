import { describe, expect, it } from 'vitest';
import { CLIENT_TEXT_FIELDS } from '#shared/client';
import { instructionPreviewsOf, toClientSummary } from '#shared/client-list';
import {
  CLIENT_CARD_ATTRIBUTES,
  type ClientRecord,
  isWordpressConfigured,
  toClient,
  toClientSummaryOfRecord,
} from './client-record';
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

describe('toClient and toClientSummaryOfRecord', () => {
  const every: ClientRecord = {
    ...base,
    ...Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, `${field} `.repeat(30)])),
    newsletter_instructions: '  Friendly tone.  ',
    press_release_instructions: undefined,
    wordpress_password_cipher: 'aes256gcm:v1:x',
  };

  it('keep the API key order: the profile fields in CLIENT_TEXT_FIELDS order, then the rest', () => {
    expect(Object.keys(toClient(every))).toEqual([
      'id',
      'name',
      ...CLIENT_TEXT_FIELDS,
      'created_by',
      'created_at',
      'updated_at',
      'wordpress_configured',
      'content_count',
      'access_count',
      'require_approval',
      'approval_steps',
    ]);
  });

  it.each([
    ['every field set', every],
    ['only the required ones', base],
  ])('give the card toClientSummary gives, in the same JSON (%s)', (_label, record) => {
    const expected = JSON.stringify(toClientSummary(toClient(record)));
    expect(JSON.stringify(toClientSummaryOfRecord(record, instructionPreviewsOf(record)))).toBe(expected);
    // As the list reads it: only the card's attributes, the previews stored on the item.
    const projected = Object.fromEntries(
      CLIENT_CARD_ATTRIBUTES.flatMap((name) => (record[name] === undefined ? [] : [[name, record[name]]])),
    ) as ClientRecord;
    expect(JSON.stringify(toClientSummaryOfRecord(projected, instructionPreviewsOf(record)))).toBe(expected);
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
