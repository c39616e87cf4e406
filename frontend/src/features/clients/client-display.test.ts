import { describe, expect, it } from 'vitest';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';
import { addressLines, externalHref, insertByNewest } from './client-display';

function client(overrides: Partial<Client> = {}): Client {
  const fields = Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, null]));
  return {
    ...fields,
    id: 'c1',
    name: 'Acme Plumbing',
    created_by: 'u1',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    wordpress_configured: false,
    content_count: 0,
    access_count: 0,
    ...overrides,
  } as Client;
}

describe('externalHref', () => {
  it('keeps http and https addresses', () => {
    expect(externalHref('https://acme.com/a')).toBe('https://acme.com/a');
    expect(externalHref('HTTP://acme.com')).toBe('HTTP://acme.com');
  });

  it('adds https to a bare host', () => {
    expect(externalHref(' facebook.com/acme ')).toBe('https://facebook.com/acme');
  });

  it('never produces a javascript: link', () => {
    expect(externalHref('javascript:alert(1)')).toBe('https://javascript:alert(1)');
  });
});

describe('addressLines', () => {
  it('builds street, locality and country lines', () => {
    const lines = addressLines(
      client({ address: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701', country: 'USA' }),
    );
    expect(lines).toEqual(['1 Main St', 'Austin, TX 78701', 'USA']);
  });

  it('leaves out empty parts', () => {
    expect(addressLines(client({ city: 'Austin' }))).toEqual(['Austin']);
    expect(addressLines(client({ state: 'TX', postal_code: '78701' }))).toEqual(['TX 78701']);
    expect(addressLines(client())).toEqual([]);
  });
});

describe('insertByNewest', () => {
  const older = client({ id: 'old', created_at: '2026-01-01T00:00:00.000Z' });
  const newer = client({ id: 'new', created_at: '2026-03-01T00:00:00.000Z' });
  const middle = client({ id: 'mid', created_at: '2026-02-01T00:00:00.000Z' });

  it('puts a client back between older and newer ones', () => {
    expect(insertByNewest([newer, older], middle).map((c) => c.id)).toEqual(['new', 'mid', 'old']);
  });

  it('appends the oldest and replaces a client already listed', () => {
    expect(insertByNewest([newer], older).map((c) => c.id)).toEqual(['new', 'old']);
    expect(insertByNewest([newer, older], { ...older, name: 'Renamed' }).map((c) => c.name)).toEqual([
      'Acme Plumbing',
      'Renamed',
    ]);
  });
});
