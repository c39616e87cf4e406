import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#functions/commons/errors';
import { decodeClientCursor, encodeClientCursor, fitToBudget, parseListClientsQuery } from './client-list';

describe('client cursor', () => {
  it('round-trips a client id and is opaque', () => {
    const id = ulid();
    const cursor = encodeClientCursor(id);
    expect(cursor).not.toContain(id);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeClientCursor(cursor)).toBe(id);
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['JSON without the id', Buffer.from('{"x":1}').toString('base64url')],
    ['an id that is not a ULID', Buffer.from('{"after":"../x"}').toString('base64url')],
    ['a number', Buffer.from('{"after":42}').toString('base64url')],
    ['empty JSON', Buffer.from('null').toString('base64url')],
  ])('refuses %s with a 400 naming the cursor', (_label, cursor) => {
    try {
      decodeClientCursor(cursor);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(400);
      expect((error as HttpError).message).toBe(
        'cursor: invalid cursor; use next_cursor from the previous page',
      );
    }
  });
});

describe('parseListClientsQuery', () => {
  it('defaults to 50 summaries from the newest', () => {
    expect(parseListClientsQuery({})).toEqual({ limit: 50, after: undefined, fields: 'summary' });
  });

  it('accepts a limit up to 100, a cursor and a field choice', () => {
    const id = ulid();
    expect(parseListClientsQuery({ limit: '100', cursor: encodeClientCursor(id), fields: 'full' })).toEqual({
      limit: 100,
      after: id,
      fields: 'full',
    });
    expect(parseListClientsQuery({ fields: 'name' }).fields).toEqual(['id', 'name']);
  });

  it('treats an empty limit or cursor as absent', () => {
    expect(parseListClientsQuery({ limit: '', cursor: '' })).toEqual({
      limit: 50,
      after: undefined,
      fields: 'summary',
    });
  });

  it.each([
    [{ limit: '0' }, 'limit: must be at least 1'],
    [{ limit: '101' }, 'limit: must be at most 100'],
    [{ limit: '2.5' }, 'limit: must be a whole number'],
    [{ limit: 'ten' }, /^limit: /],
    [{ cursor: 'x'.repeat(1000) }, 'cursor: invalid cursor; use next_cursor from the previous page'],
    [{ fields: 'name,colour' }, /^fields: unknown client field 'colour'/],
    [{ fields: '' }, /^fields: list at least one client field/],
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

describe('fitToBudget', () => {
  const item = (size: number) => ({ id: ulid(), text: 'x'.repeat(size) });

  it('keeps whole items up to the budget', () => {
    const items = [item(400), item(400), item(400)];
    expect(fitToBudget(items, 1000)).toEqual(items.slice(0, 2));
  });

  it('always keeps the first item, so a page is never empty', () => {
    const items = [item(5000), item(10)];
    expect(fitToBudget(items, 100)).toEqual(items.slice(0, 1));
  });
});
