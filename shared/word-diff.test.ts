import { describe, expect, it } from 'vitest';
import { diffStats, diffWords } from './word-diff';

describe('diffWords', () => {
  it('marks inserted and deleted words in reading order', () => {
    const parts = diffWords('Fresh bread every morning', 'Fresh bread and croissants every day');
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'and croissants',
      'day',
    ]);
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual([
      'morning',
    ]);
    // Reading only what is kept and added gives the newer text; kept and removed, the older.
    const join = (kinds: readonly string[]) =>
      parts
        .filter((part) => kinds.includes(part.kind))
        .map((part) => part.text)
        .join('');
    expect(join(['same', 'added'])).toBe('Fresh bread and croissants every day');
    expect(join(['same', 'removed'])).toBe('Fresh bread every morning');
  });

  it('finds nothing to mark in equal texts, and counts words added and removed', () => {
    expect(diffWords('Same words', 'Same words')).toEqual([{ kind: 'same', text: 'Same words' }]);
    expect(diffStats(diffWords('one two three', 'one four five three'))).toEqual({ added: 2, removed: 1 });
    expect(diffStats(diffWords('', 'all new here'))).toEqual({ added: 3, removed: 0 });
  });
});
