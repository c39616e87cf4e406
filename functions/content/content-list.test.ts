import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import { decodeCursor, encodeCursor, fitToBudget, parseListContentQuery } from './content-list';

describe('parseListContentQuery', () => {
  it('defaults to 50 items of every type', () => {
    expect(parseListContentQuery({})).toEqual({ limit: 50 });
  });

  it('accepts a limit up to 200, a known type and a cursor', () => {
    expect(parseListContentQuery({ limit: '200', type: 'press_release', cursor: 'abc' })).toEqual({
      limit: 200,
      type: 'press_release',
      cursor: 'abc',
    });
  });

  it('treats empty parameters as absent', () => {
    expect(parseListContentQuery({ limit: '', type: '', cursor: '' })).toEqual({ limit: 50 });
  });

  it.each([
    [{ limit: '0' }, /limit: must be at least 1/],
    [{ limit: '201' }, /limit: must be at most 200/],
    [{ limit: '2.5' }, /limit: must be a whole number/],
    [{ limit: 'ten' }, /limit/],
    [{ type: 'poem' }, /type/],
    [{ limit: '1e200' }, /limit/],
    [{ cursor: 'x'.repeat(10_000) }, /cursor: invalid cursor/],
  ])('refuses %o', (query, message) => {
    expect(() => parseListContentQuery(query)).toThrow(message);
  });
});

describe('cursor', () => {
  it('round-trips an id and is opaque', () => {
    const id = ulid();
    const cursor = encodeCursor(id);
    expect(cursor).not.toContain(id);
    expect(decodeCursor(cursor)).toBe(id);
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['JSON without the id', Buffer.from('{"x":1}').toString('base64url')],
    ['an id that is not a ULID', Buffer.from('{"after":"../x"}').toString('base64url')],
  ])('refuses %s with a 400', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(/invalid cursor/);
  });
});

describe('fitToBudget', () => {
  const item = (size: number): ClientContent => ({
    id: ulid(),
    client_id: 'c',
    title: 't',
    content: '',
    html_content: 'x'.repeat(size),
    content_type: 'blog',
    metadata: {},
    created_at: '',
    updated_at: '',
  });

  it('keeps whole items up to the budget', () => {
    const items = [item(400), item(400), item(400)];
    const kept = fitToBudget(items, 1200);
    expect(kept).toEqual(items.slice(0, 2));
  });

  it('always keeps the first item, so a page is never empty', () => {
    const items = [item(5000), item(10)];
    expect(fitToBudget(items, 100)).toEqual(items.slice(0, 1));
  });
});
