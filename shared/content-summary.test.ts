import { describe, expect, it } from 'vitest';
import { contentPreview, plainTextOf, storedSummaryOf } from './content-summary';

describe('plainTextOf', () => {
  it('prefers the stored text and falls back to the text of the HTML', () => {
    expect(plainTextOf({ content: 'Plain', html_content: '<p>Other</p>' })).toBe('Plain');
    expect(plainTextOf({ content: '  ', html_content: '<ul><li>One</li></ul>' })).toBe('• One');
  });
});

describe('contentPreview', () => {
  it('makes whitespace runs single spaces and cuts at 200 characters with an ellipsis', () => {
    expect(contentPreview(' Two\n\n  lines ')).toBe('Two lines');
    expect(contentPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(contentPreview(`${'a'.repeat(199)} b`)).toBe(`${'a'.repeat(199)}...`);
  });
});

describe('storedSummaryOf', () => {
  it('counts the words, lists the media images once and reads the WordPress link', () => {
    const image = '/api/media/u1/01J0000000000000000000000A/image-1.png';
    const summary = storedSummaryOf({
      content: '',
      html_content: `<p>Three small words</p><img src="${image}"><a href="/api/media/u1/01J0000000000000000000000A/podcast.mp3">x</a>`,
      metadata: { images: [{ url: image }], wordpress_id: 7, wordpress_url: 'https://site.example/?p=7' },
    });
    expect(summary).toMatchObject({
      preview: 'Three small words x',
      wordCount: 4,
      thumbnails: [image],
      wordpress: { id: 7, url: 'https://site.example/?p=7' },
    });
    expect(storedSummaryOf({ content: 'One', html_content: '<p>One</p>' }).wordpress).toBeNull();
  });
});
