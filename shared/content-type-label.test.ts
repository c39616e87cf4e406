import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, contentTypeBadgeColour, contentTypeLabel } from './content';

describe('contentTypeLabel', () => {
  it('reads every stored type as people write it, with the spec renaming of client_content', () => {
    expect(Object.fromEntries(CONTENT_TYPES.map((type) => [type, contentTypeLabel(type)]))).toEqual({
      newsletter: 'Newsletter',
      press_release: 'Press Release',
      'press-release': 'Press Release',
      blog: 'Blog',
      'blog-content': 'Blog Content',
      faq: 'FAQ',
      howto: 'How To',
      image: 'Image',
      client_content: 'Multi-Platform Creator',
    });
  });

  it('makes an unknown type readable too', () => {
    expect(contentTypeLabel('gbp_post')).toBe('GBP Post');
    expect(contentTypeLabel('social-media')).toBe('Social Media');
  });
});

describe('contentTypeBadgeColour', () => {
  it('colours every stored type as 001 §9 says, the older hyphenated spellings like the types they spell', () => {
    expect(Object.fromEntries(CONTENT_TYPES.map((type) => [type, contentTypeBadgeColour(type)]))).toEqual({
      newsletter: 'green',
      press_release: 'purple',
      'press-release': 'purple',
      blog: 'blue',
      'blog-content': 'blue',
      faq: null,
      howto: null,
      image: null,
      client_content: 'orange',
    });
    expect(contentTypeBadgeColour('gbp_post')).toBeNull();
  });
});
