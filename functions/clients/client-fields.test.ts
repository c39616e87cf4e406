import { describe, expect, it } from 'vitest';
import { HttpError } from '#functions/commons/errors';
import { CLIENT_FIELDS, parseClientFields, pickClientFields } from './client-fields';
import type { ClientReply } from './client-reply';

describe('parseClientFields', () => {
  it('is the summary when absent and every field for full', () => {
    expect(parseClientFields(undefined)).toBe('summary');
    expect(parseClientFields('full')).toBe('full');
    expect(parseClientFields(' full ')).toBe('full');
  });

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
    ['a summary-only preview field', 'newsletter_instructions_preview'],
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
    expect(() => parseClientFields('')).toThrow(/at least one/);
  });

  it('refuses full mixed with other names', () => {
    expect(() => parseClientFields('full,name')).toThrow(/'full' already includes every field/);
  });
});

describe('pickClientFields', () => {
  it('keeps only the asked fields', () => {
    const client = {
      id: 'a',
      name: 'Alpha',
      website: 'https://a.example',
      content_count: 2,
      budget: { monthlyUsd: 50, extraJobs: 0 },
      monthToDateUsd: 12.5,
    } as ClientReply;
    expect(pickClientFields(client, ['id', 'name'])).toEqual({ id: 'a', name: 'Alpha' });
    expect(pickClientFields(client, ['id', 'monthToDateUsd', 'budget'])).toEqual({
      id: 'a',
      monthToDateUsd: 12.5,
      budget: { monthlyUsd: 50, extraJobs: 0 },
    });
  });
});
