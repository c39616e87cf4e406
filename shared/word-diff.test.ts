import { describe, expect, it } from 'vitest';
import { type DiffPart, diffSentences, diffStats, diffWords } from './word-diff';

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

describe('diffSentences', () => {
  const join = (parts: readonly DiffPart[], kinds: readonly DiffPart['kind'][]) =>
    parts
      .filter((part) => kinds.includes(part.kind))
      .map((part) => part.text)
      .join('');

  it('shows a rewritten sentence whole, old then new, not word by word interleaved', () => {
    const older = 'We bake every day. Our bread is made from local flour by hand. Come early.';
    const newer = 'We bake every day. Every loaf starts with flour milled down the road. Come early.';
    const parts = diffSentences(older, newer);
    expect(parts).toEqual([
      { kind: 'same', text: 'We bake every day. ' },
      { kind: 'removed', text: 'Our bread is made from local flour by hand. ' },
      { kind: 'added', text: 'Every loaf starts with flour milled down the road. ' },
      { kind: 'same', text: 'Come early.' },
    ]);
    expect(join(parts, ['same', 'added'])).toBe(newer);
    expect(join(parts, ['same', 'removed'])).toBe(older);
  });

  it('shows the word changes inside a sentence edited a little', () => {
    const parts = diffSentences(
      'Open at 9 on Monday. Closed Sunday.',
      'Open at 10 on Monday. Closed Sunday.',
    );
    expect(parts).toEqual([
      { kind: 'same', text: 'Open at ' },
      { kind: 'removed', text: '9' },
      { kind: 'added', text: '10' },
      { kind: 'same', text: ' on Monday. Closed Sunday.' },
    ]);
  });

  it('marks whole sentences added and removed, and nothing in equal texts', () => {
    expect(diffSentences('One. Two.', 'One. Two. Three.')).toEqual([
      { kind: 'same', text: 'One. Two.' },
      { kind: 'added', text: ' Three.' },
    ]);
    expect(diffSentences('Same. Words.', 'Same. Words.')).toEqual([{ kind: 'same', text: 'Same. Words.' }]);
    expect(diffStats(diffSentences('', 'All new here.'))).toEqual({ added: 3, removed: 0 });
  });
});
