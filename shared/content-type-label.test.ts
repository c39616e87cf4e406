import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES, contentTypeLabel } from './content';

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
