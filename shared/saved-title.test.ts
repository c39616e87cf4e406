import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  isValidTimeZone,
  SAVABLE_KINDS,
  savedContentType,
  savedTitle,
} from './saved-title';

const at = new Date('2026-11-21T09:30:00Z');

describe('savedTitle', () => {
  it('is type, date and time in US English short form, UTC by default', () => {
    expect(savedTitle('newsletter', { date: at })).toBe('Newsletter - Nov 21, 2026, 9:30 AM');
    expect(savedTitle('press-release', { date: new Date('2026-03-02T17:05:00Z') })).toBe(
      'Press Release - Mar 2, 2026, 5:05 PM',
    );
  });

  it('puts the platform between type and date when there is one', () => {
    expect(savedTitle('social', { platform: 'Facebook', date: at })).toBe(
      'Social Content - Facebook - Nov 21, 2026, 9:30 AM',
    );
    expect(savedTitle('social', { platform: '  ', date: at })).toBe('Social Content - Nov 21, 2026, 9:30 AM');
  });

  it('uses a given time zone', () => {
    expect(savedTitle('faq', { date: at, timeZone: 'America/Chicago' })).toBe('FAQ - Nov 21, 2026, 3:30 AM');
  });
});

describe('formatDisplayDate', () => {
  it('uses plain spaces only and falls back to UTC for an unknown zone', () => {
    const text = formatDisplayDate(at, 'Not/AZone');
    expect(text).toBe('Nov 21, 2026, 9:30 AM');
    expect(text).not.toMatch(/[\u202f\u00a0]/u);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and rejects others', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('savedContentType', () => {
  it('maps blog rewrite to blog and keeps press release, newsletter, FAQ and how-to', () => {
    expect(savedContentType('blog-rewrite')).toBe('blog');
    expect(savedContentType('press-release')).toBe('press_release');
    expect(savedContentType('newsletter')).toBe('newsletter');
    expect(savedContentType('faq')).toBe('faq');
    expect(savedContentType('howto')).toBe('howto');
  });

  it('saves everything else as client_content', () => {
    const others = SAVABLE_KINDS.filter(
      (kind) => !['blog-rewrite', 'press-release', 'newsletter', 'faq', 'howto'].includes(kind),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const kind of others) expect(savedContentType(kind)).toBe('client_content');
  });

  it('saves generated images as client_content, as the media tools require', () => {
    expect(savedContentType('image')).toBe('client_content');
  });
});
