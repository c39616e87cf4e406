import { describe, expect, it } from 'vitest';
import { splitForSpeech } from './speech-text';

describe('splitForSpeech', () => {
  it('keeps a short script whole', () => {
    expect(splitForSpeech('  Hello there.  ', 100)).toEqual(['Hello there.']);
    expect(splitForSpeech('   ', 100)).toEqual([]);
  });

  it('cuts at paragraphs first, then sentences, within the limit', () => {
    const text = 'First paragraph is here.\n\nSecond one. It has two sentences.\n\nThird.';
    const pieces = splitForSpeech(text, 40);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(40);
    expect(pieces).toEqual(['First paragraph is here.', 'Second one. It has two sentences.', 'Third.']);
  });

  it('falls back to words, and to hard cuts for a word longer than the limit', () => {
    const pieces = splitForSpeech(`${'word '.repeat(30)}${'x'.repeat(25)}`, 20);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(20);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(
      `${'word '.repeat(30)}${'x'.repeat(20)} ${'x'.repeat(5)}`,
    );
  });
});
