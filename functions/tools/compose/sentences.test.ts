import { describe, expect, it } from 'vitest';
import { splitParagraphs, splitSentences, truncateWords } from './sentences';

describe('splitParagraphs', () => {
  it('splits on blank lines and joins inner line breaks', () => {
    expect(splitParagraphs('One\nline.\n\n  \nTwo.\r\n\r\nThree')).toEqual(['One line.', 'Two.', 'Three']);
  });
});

describe('splitSentences', () => {
  it('splits on end punctuation followed by a capital, digit or quote', () => {
    const sentences = splitSentences(
      'We fix roofs. Call today! Is it leaking? "Yes," she said.\n\n2026 was busy.',
    );
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'We fix roofs.',
      'Call today!',
      'Is it leaking?',
      '"Yes," she said.',
      '2026 was busy.',
    ]);
    expect(sentences.map((sentence) => sentence.paragraph)).toEqual([0, 0, 0, 0, 1]);
    expect(sentences.map((sentence) => sentence.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('does not split after abbreviations, initials or decimals', () => {
    const text =
      'Dr. Smith of Acme Inc. met J. R. Jones in the U.S. on Main St. yesterday. Prices rose 3.5 percent.';
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual([
      'Dr. Smith of Acme Inc. met J. R. Jones in the U.S. on Main St. yesterday.',
      'Prices rose 3.5 percent.',
    ]);
  });

  it('does not split before a lowercase word', () => {
    expect(splitSentences('It costs approx. ten dollars. Done.').map((sentence) => sentence.text)).toEqual([
      'It costs approx. ten dollars.',
      'Done.',
    ]);
  });
});

describe('truncateWords', () => {
  it('keeps short text and cuts long text at a sentence end when possible', () => {
    expect(truncateWords('a b c', 5)).toBe('a b c');
    expect(truncateWords('One two three four. Five six seven eight nine ten.', 7)).toBe(
      'One two three four.',
    );
    expect(truncateWords('one two three four five six', 3)).toBe('one two three…');
  });
});
