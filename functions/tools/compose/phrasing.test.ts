import { describe, expect, it } from 'vitest';
import { themeOf } from './focus';
import { hasEmoji, hostOf, inSentence, joinList, plural, sentence, stripEmoji } from './phrasing';

describe('phrasing', () => {
  it('lowercases capitalized words of a topic but keeps acronyms', () => {
    expect(inSentence('Spring HVAC Tips.')).toBe('spring HVAC tips');
    expect(inSentence('Weekly tech updates')).toBe('weekly tech updates');
    expect(inSentence('iPhone repair')).toBe('iPhone repair');
    expect(inSentence('Opening of our second location in Round Rock')).toBe(
      'opening of our second location in Round Rock',
    );
  });

  it('joins lists and ends sentences', () => {
    expect(joinList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(joinList(['a'])).toBe('a');
    expect(joinList([])).toBe('');
    expect(sentence('Done')).toBe('Done.');
    expect(sentence('Done?')).toBe('Done?');
    expect(sentence('"Quoted."')).toBe('"Quoted."');
  });

  it('reads hosts and strips emoji', () => {
    expect(hostOf('https://www.acme.com/a/b')).toBe('acme.com');
    expect(hostOf('not a url')).toBe('not a url');
    expect(hasEmoji('Great news 🎉')).toBe(true);
    expect(hasEmoji('Great news © 2026 Acme®')).toBe(false);
    expect(stripEmoji('🔥 Hot deals 👍🏽 today ❤️')).toBe('Hot deals today');
  });
});

describe('plural', () => {
  it('pluralizes the last noun of a phrase and leaves mass nouns, gerunds and plurals alone', () => {
    expect(plural('tankless water heater')).toBe('tankless water heaters');
    expect(plural('roof repair company')).toBe('roof repair companies');
    expect(themeOf('Dark stains around the chimney. Dark stains around vents spread.', 'roofs')).not.toMatch(
      /arounds/u,
    );
    expect(plural('gutter brush')).toBe('gutter brushes');
    expect(plural('drain cleaning')).toBe('drain cleaning');
    expect(plural('hot water')).toBe('hot water');
    expect(plural('heaters')).toBe('heaters');
    expect(plural('HVAC')).toBe('HVAC');
  });
});
