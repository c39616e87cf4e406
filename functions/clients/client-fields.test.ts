import { describe, expect, it } from 'vitest';
import { HttpError } from '#functions/commons/errors';
import type { Client } from '#shared/client';
import { byName, CLIENT_FIELDS, parseClientFields, pickClientFields } from './client-fields';

describe('parseClientFields', () => {
  it('parses a list, trims names, drops duplicates and always includes id', () => {
    expect(parseClientFields(' name , newsletter_instructions,name')).toEqual([
      'id',
      'name',
      'newsletter_instructions',
    ]);
  });

  it('accepts every field of the API shape', () => {
    expect(parseClientFields(CLIENT_FIELDS.join(','))).toEqual([...CLIENT_FIELDS]);
  });

  it.each([
    ['the secret', 'id,wordpress_app_password'],
    ['the stored cipher', 'wordpress_password_cipher'],
    ['an unknown field', 'name,colour'],
  ])('refuses %s with a 400 naming it', (_label, raw) => {
    try {
      parseClientFields(raw);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toMatch(/unknown client field '/);
    }
  });

  it('refuses an empty list', () => {
    expect(() => parseClientFields(' , ')).toThrow(/at least one/);
  });
});

describe('pickClientFields and byName', () => {
  const client = (id: string, name: string) =>
    ({ id, name, website: `https://${id}.example`, content_count: 2 }) as unknown as Client;

  it('keeps only the asked fields', () => {
    expect(pickClientFields(client('a', 'Alpha'), ['id', 'name'])).toEqual({ id: 'a', name: 'Alpha' });
  });

  it('orders by name without regard to case', () => {
    const sorted = [
      client('1', 'bakery'),
      client('2', 'Acme'),
      client('3', 'Zeta'),
      client('4', 'acme'),
    ].sort(byName);
    expect(sorted.map((c) => c.id)).toEqual(['2', '4', '1', '3']);
  });
});
