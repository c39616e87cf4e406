import { decodeTime, ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { changedFields, nextVersionId } from './content-versions';

describe('nextVersionId', () => {
  it('is later than the version it replaces, even when a plain ULID of the same millisecond is not', () => {
    const previous = '01KB0000000000000000000ZZZ';
    const sameMillisecondLower = '01KB0000000000000000000000';
    const next = nextVersionId(previous, (seed) => (seed === undefined ? sameMillisecondLower : ulid(seed)));
    expect(next > previous).toBe(true);
    expect(decodeTime(next)).toBe(decodeTime(previous) + 1);
    const fresh = ulid();
    expect(nextVersionId(previous, () => fresh)).toBe(fresh);
    expect(nextVersionId(undefined, () => fresh)).toBe(fresh);
  });
});

describe('changedFields', () => {
  const words = { title: 'T', content: 'text', html_content: '<p>text</p>' };
  it('names what differs, and everything for a first version', () => {
    expect(changedFields(null, words)).toEqual(['title', 'text', 'html']);
    expect(changedFields(words, words)).toEqual([]);
    expect(changedFields(words, { ...words, title: 'U' })).toEqual(['title']);
    expect(changedFields(words, { ...words, content: 'more', html_content: '<p>more</p>' })).toEqual([
      'text',
      'html',
    ]);
  });
});
