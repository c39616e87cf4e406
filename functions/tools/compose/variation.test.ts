import { describe, expect, it } from 'vitest';
import { hashText, pick, rotate } from './variation';

describe('variation', () => {
  it('hashes deterministically (FNV-1a reference values)', () => {
    expect(hashText('')).toBe(0x811c9dc5);
    expect(hashText('a')).toBe(0xe40c292c);
    expect(hashText('foobar')).toBe(0xbf9cf968);
  });

  it('picks the same option for the same seed and salt, and varies across seeds', () => {
    const options = ['a', 'b', 'c', 'd', 'e'] as const;
    expect(pick(options, 7, 'intro')).toBe(pick(options, 7, 'intro'));
    const seen = new Set(Array.from({ length: 40 }, (_, seed) => pick(options, seed, 'intro')));
    expect(seen.size).toBeGreaterThan(2);
  });

  it('rotates without losing items', () => {
    const rotated = rotate([1, 2, 3, 4], 3, 'x');
    expect([...rotated].sort()).toEqual([1, 2, 3, 4]);
    expect(rotate([], 1, 'x')).toEqual([]);
  });
});
