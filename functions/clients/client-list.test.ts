import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#functions/commons/errors';
import { encodeCursor } from '#functions/commons/paging';
import { parseListClientsQuery } from './client-list';

describe('parseListClientsQuery', () => {
  it('defaults to 50 summaries from the newest', () => {
    expect(parseListClientsQuery({})).toEqual({
      limit: 50,
      after: undefined,
      fields: 'summary',
      search: '',
    });
  });

  it('accepts a limit up to 100, a cursor and a field choice', () => {
    const id = ulid();
    expect(parseListClientsQuery({ limit: '100', cursor: encodeCursor(id), fields: 'full' })).toEqual({
      limit: 100,
      after: id,
      fields: 'full',
      search: '',
    });
    expect(parseListClientsQuery({ fields: 'name' }).fields).toEqual(['id', 'name']);
  });

  it('treats an empty limit or cursor as absent', () => {
    expect(parseListClientsQuery({ limit: '', cursor: '' })).toEqual({
      limit: 50,
      after: undefined,
      fields: 'summary',
      search: '',
    });
  });

  it('trims and lower-cases a search, and an empty one matches everyone', () => {
    expect(parseListClientsQuery({ search: '  Acme PLUMBING ' }).search).toBe('acme plumbing');
    expect(parseListClientsQuery({ search: '   ' }).search).toBe('');
    expect(parseListClientsQuery({ search: ` ${'a'.repeat(200)} ` }).search).toHaveLength(200);
  });

  it.each([
    [{ limit: '0' }, 'limit: must be at least 1'],
    [{ limit: '1001' }, 'limit: must be at most 1000'],
    [{ limit: '2.5' }, 'limit: must be a whole number'],
    [{ limit: 'ten' }, /^limit: /],
    [{ cursor: 'x'.repeat(1000) }, 'cursor: invalid cursor; use next_cursor from the previous page'],
    [{ fields: 'name,colour' }, /^fields: unknown client field 'colour'/],
    [{ fields: '' }, /^fields: list at least one client field/],
    [{ search: 'a'.repeat(201) }, 'search: must be at most 200 characters'],
  ])('refuses %o with a 400 naming the parameter', (query, message) => {
    try {
      parseListClientsQuery(query);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      if (typeof message === 'string') expect((error as HttpError).message).toBe(message);
      else expect((error as HttpError).message).toMatch(message);
    }
  });
});
