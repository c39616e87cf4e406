import { describe, expect, it } from 'vitest';
import { capitalize, keyPhrases, stem, terms, titleCase, words } from './keywords';

describe('words and terms', () => {
  it('lowercases, drops possessives, stop words, short words and bare numbers', () => {
    expect(words("Acme's heaters, 24/7!")).toEqual(['acme', 'heaters', '24', '7']);
    expect(terms('The heaters and the heater were repaired in 2026')).toEqual(['heater', 'heater', 'repair']);
  });

  it('stems plural and verb forms to meet', () => {
    expect(stem('companies')).toBe('company');
    expect(stem('boxes')).toBe('box');
    expect(stem('running')).toBe('run');
    expect(stem('business')).toBe('business');
    expect(stem('gas')).toBe('gas');
  });
});

describe('keyPhrases', () => {
  const text = `Tankless water heaters save energy. A tankless water heater heats water on demand.
Our plumbers install tankless water heaters across Austin. Water heater repair is also available.
Please write in a friendly tone.`;

  it('ranks recurring multi-word phrases first', () => {
    const phrases = keyPhrases(text, 3).map((phrase) => phrase.phrase.toLowerCase());
    expect(phrases[0]).toBe('tankless water heaters');
  });

  it('skips directive words of instructions and excluded terms', () => {
    const phrases = keyPhrases(text, 20, new Set(['austin'])).map((phrase) => phrase.phrase.toLowerCase());
    expect(phrases).not.toContain('friendly tone');
    expect(phrases).not.toContain('write');
    expect(phrases).not.toContain('austin');
  });

  it('is deterministic', () => {
    expect(keyPhrases(text, 5)).toEqual(keyPhrases(text, 5));
  });
});

describe('titleCase and capitalize', () => {
  it('capitalizes headline words and keeps small words and acronyms', () => {
    expect(titleCase('the best HVAC tips for a cold winter')).toBe('The Best HVAC Tips for a Cold Winter');
    expect(titleCase('what to look for')).toBe('What to Look For');
    expect(capitalize('hello world')).toBe('Hello world');
  });
});
