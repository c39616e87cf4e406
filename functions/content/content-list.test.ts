import { describe, expect, it } from 'vitest';
import { parseListContentQuery } from './content-list';

describe('parseListContentQuery', () => {
  it('defaults to 50 items of every type', () => {
    expect(parseListContentQuery({})).toEqual({ limit: 50 });
  });

  it('accepts a limit up to 5,000, a known type and a cursor', () => {
    expect(parseListContentQuery({ limit: '5000', type: 'press_release', cursor: 'abc' })).toEqual({
      limit: 5000,
      type: 'press_release',
      cursor: 'abc',
    });
  });

  it('treats empty parameters as absent', () => {
    expect(parseListContentQuery({ limit: '', type: '', cursor: '' })).toEqual({ limit: 50 });
  });

  it.each([
    [{ limit: '0' }, /limit: must be at least 1/],
    [{ limit: '5001' }, /limit: must be at most 5000/],
    [{ limit: '2.5' }, /limit: must be a whole number/],
    [{ limit: 'ten' }, /limit/],
    [{ type: 'poem' }, /type/],
    [{ limit: '1e200' }, /limit/],
    [{ cursor: 'x'.repeat(10_000) }, /cursor: invalid cursor/],
  ])('refuses %o', (query, message) => {
    expect(() => parseListContentQuery(query)).toThrow(message);
  });
});
