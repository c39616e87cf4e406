import { describe, expect, it } from 'vitest';
import {
  downloadTimestamp,
  faqDownloadName,
  imageDownloadName,
  libraryDownloadName,
  newsletterDownloadName,
  slugify,
  toolDownloadName,
} from './file-names';

// Local-time constructor: names use the viewer's clock, so the test holds in any TZ.
const now = new Date(2026, 10, 21, 9, 30, 45);

describe('downloadTimestamp', () => {
  it('is the local date and time to the minute', () => {
    expect(downloadTimestamp(now)).toBe('2026-11-21-0930');
    expect(downloadTimestamp(new Date(2027, 0, 5, 23, 7))).toBe('2027-01-05-2307');
  });
});

describe('slugify', () => {
  it('keeps lowercase letters, digits and single hyphens', () => {
    expect(slugify('  Weekly Tech Updates: AI & You!  ')).toBe('weekly-tech-updates-ai-you');
    expect(slugify('Café Crème 2026')).toBe('cafe-creme-2026');
  });

  it('cuts to the limit without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(49)} b c`, 50);
    expect(slug).toBe('a'.repeat(49));
    expect(slugify('x'.repeat(80)).length).toBe(50);
  });
});

describe('newsletterDownloadName', () => {
  it('uses the topic slug, -newsletter and the timestamp', () => {
    expect(newsletterDownloadName({ inputType: 'topic', topic: 'Spring HVAC Tips' }, 'html', now)).toBe(
      'spring-hvac-tips-newsletter-2026-11-21-0930.html',
    );
  });

  it('limits the topic slug to 50 characters', () => {
    const name = newsletterDownloadName({ inputType: 'topic', topic: 'word '.repeat(30) }, 'txt', now);
    const slug = name.replace('-newsletter-2026-11-21-0930.txt', '');
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug).toMatch(/^[a-z0-9-]+[a-z0-9]$/u);
  });

  it('uses the host and the last path segment (at most 30 characters) for a URL', () => {
    expect(
      newsletterDownloadName(
        {
          inputType: 'url',
          url: 'https://www.example.com/blog/2026/how-to-choose-a-furnace-for-your-home.html?x=1',
        },
        'html',
        now,
      ),
    ).toBe('www.example.com-how-to-choose-a-furnace-for-yo-2026-11-21-0930.html');
    expect(newsletterDownloadName({ inputType: 'url', url: 'https://acme.io/' }, 'txt', now)).toBe(
      'acme.io-2026-11-21-0930.txt',
    );
  });

  it("keeps the host's www. and the last segment's extension, as the URL has them", () => {
    expect(
      newsletterDownloadName(
        { inputType: 'url', url: 'https://www.example.com/blog/spring-sale.html' },
        'txt',
        now,
      ),
    ).toBe('www.example.com-spring-sale.html-2026-11-21-0930.txt');
    // At most 30 characters of the segment, never ending on a dot or hyphen.
    expect(
      newsletterDownloadName(
        { inputType: 'url', url: 'https://shop.example.com/Menu%20Items/our-spring-2026-seasonal-menu.pdf' },
        'html',
        now,
      ),
    ).toBe('shop.example.com-our-spring-2026-seasonal-menu-2026-11-21-0930.html');
  });

  it('falls back to a slug when the URL is not a web address', () => {
    expect(newsletterDownloadName({ inputType: 'url', url: 'not a url' }, 'txt', now)).toBe(
      'not-a-url-newsletter-2026-11-21-0930.txt',
    );
  });
});

describe('toolDownloadName', () => {
  it('names any tool by kind and topic', () => {
    expect(toolDownloadName('press-release', 'New Office Opening', 'html', now)).toBe(
      'new-office-opening-press-release-2026-11-21-0930.html',
    );
  });

  it('shrinks the topic part to honour maxLength and keeps kind and timestamp', () => {
    const name = toolDownloadName('faq', 'a very long topic '.repeat(10), 'html', now, { maxLength: 40 });
    const stem = name.replace(/\.html$/u, '');
    expect(stem.length).toBeLessThanOrEqual(40);
    expect(stem.endsWith('-faq-2026-11-21-0930')).toBe(true);
  });

  it('still names the file when the topic has no usable characters', () => {
    expect(toolDownloadName('faq', '!!!', 'txt', now)).toBe('faq-2026-11-21-0930.txt');
  });
});

describe('faqDownloadName', () => {
  it('is at most 50 characters before the extension', () => {
    const name = faqDownloadName(
      'How to winterize your sprinkler system before the first freeze',
      'howto',
      'html',
      now,
    );
    expect(name.replace(/\.html$/u, '').length).toBeLessThanOrEqual(50);
    expect(name).toMatch(/^how-to-winterize-[a-z0-9-]*-how-to-2026-11-21-0930\.html$/u);
    expect(faqDownloadName('Roof repair', 'faq', 'txt', now)).toBe('roof-repair-faq-2026-11-21-0930.txt');
  });
});

describe('imageDownloadName', () => {
  it('is at most 150 characters before the extension and numbers the image', () => {
    const name = imageDownloadName('A sunny storefront '.repeat(20), 2, 'png', now);
    expect(name.replace(/\.png$/u, '').length).toBeLessThanOrEqual(150);
    expect(name.endsWith('-image-3-2026-11-21-0930.png')).toBe(true);
  });
});

describe('libraryDownloadName', () => {
  it('strips non-alphanumeric characters and turns spaces into hyphens', () => {
    expect(libraryDownloadName('Newsletter - Nov 21, 2026, 9:30 AM', 'html')).toBe(
      'Newsletter-Nov-21-2026-930-AM.html',
    );
    expect(libraryDownloadName('  FAQ: Roof  Repair?  ', 'txt')).toBe('FAQ-Roof-Repair.txt');
  });

  it('never produces an empty name', () => {
    expect(libraryDownloadName('!!!', 'txt')).toBe('content.txt');
  });
});
