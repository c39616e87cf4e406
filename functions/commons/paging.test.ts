import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { decodeCursor, encodeCursor, fitToBudget } from './paging';

describe('page cursor', () => {
  it('round-trips an id and is opaque', () => {
    const id = ulid();
    const cursor = encodeCursor(id);
    expect(cursor).not.toContain(id);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeCursor(cursor)).toBe(id);
  });

  it.each([
    ['garbage', 'not a cursor'],
    ['JSON without the id', Buffer.from('{"x":1}').toString('base64url')],
    ['an id that is not a ULID', Buffer.from('{"after":"../x"}').toString('base64url')],
    ['a number', Buffer.from('{"after":42}').toString('base64url')],
    ['empty JSON', Buffer.from('null').toString('base64url')],
  ])('refuses %s with a 400 naming the cursor', (_label, cursor) => {
    try {
      decodeCursor(cursor);
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
