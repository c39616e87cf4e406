import { describe, expect, it } from 'vitest';
import { BLOG_FRAMEWORK_OPTIONS, BLOG_FRAMEWORKS, blogRewriteRequestSchema } from './blog-rewrite';

const issues = (body: unknown) => {
  const parsed = blogRewriteRequestSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('blogRewriteRequestSchema', () => {
  it('defaults to the original framework without emojis', () => {
    const parsed = blogRewriteRequestSchema.parse({ url: 'https://example.com/post' });
    expect(parsed).toMatchObject({ framework: 'original', addEmojis: false, saveToClient: false });
    expect(parsed).not.toHaveProperty('prompt');
  });

  it('requires a valid URL with the spec message', () => {
    expect(issues({})).toEqual([{ path: 'url', message: 'Please enter a valid URL' }]);
    expect(issues({ url: 'example' })).toEqual([{ path: 'url', message: 'Please enter a valid URL' }]);
  });

  it('takes the public API `prompt` as the URL when no url is given', () => {
    expect(blogRewriteRequestSchema.parse({ prompt: 'https://example.com/a', framework: 'pas' }).url).toBe(
      'https://example.com/a',
    );
    expect(blogRewriteRequestSchema.parse({ url: 'https://example.com/b', prompt: 'https://x.io' }).url).toBe(
      'https://example.com/b',
    );
  });

  it('needs a client to save and knows only the four frameworks', () => {
    expect(issues({ url: 'https://example.com', saveToClient: true })[0]?.path).toBe('clientId');
    expect(issues({ url: 'https://example.com', framework: 'hero' })[0]?.path).toBe('framework');
  });
});

describe('BLOG_FRAMEWORK_OPTIONS', () => {
  it('describes every framework, in the spec order, starting with Leave As Is', () => {
    expect(BLOG_FRAMEWORK_OPTIONS.map((option) => option.value)).toEqual([...BLOG_FRAMEWORKS]);
    expect(BLOG_FRAMEWORK_OPTIONS[0]?.label).toBe('Leave As Is');
    for (const option of BLOG_FRAMEWORK_OPTIONS) expect(option.description.length).toBeGreaterThan(20);
  });
});
