import { describe, expect, it } from 'vitest';
import { focusPhrases, themeOf } from './focus';

describe('focusPhrases', () => {
  it('keeps subject matter and drops directive words', () => {
    const phrases = focusPhrases(
      [
        'Please mention our spring tune-up special.',
        'Keep a friendly tone and highlight the free estimates.',
      ],
      5,
    ).map((phrase) => phrase.toLowerCase());
    expect(phrases).toContain('spring tune-up special');
    expect(phrases).toContain('free estimates');
    expect(phrases.join(' ')).not.toMatch(/\b(?:please|mention|friendly|tone|highlight)\b/u);
  });

  it('excludes the topic words and empty inputs', () => {
    expect(focusPhrases(['Talk about water heaters and drain cleaning.'], 5, 'water heaters')).toEqual([
      'drain cleaning',
    ]);
    expect(focusPhrases([null, undefined, '  '], 3)).toEqual([]);
  });
});

describe('themeOf', () => {
  it('is the main key phrase, pluralized, or the fallback', () => {
    expect(themeOf('A tankless water heater saves energy. Every tankless water heater lasts.', 'x')).toBe(
      'tankless water heaters',
    );
    expect(themeOf('', 'Spring Tips')).toBe('spring tips');
  });
});
