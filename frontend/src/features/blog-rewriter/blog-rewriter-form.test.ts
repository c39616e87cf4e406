import { describe, expect, it } from 'vitest';
import { blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import {
  blogRewriteDownload,
  blogRewriteRequest,
  initialBlogRewriterForm,
  readBlogRewriteOutput,
  validateBlogRewrite,
} from './blog-rewriter-form';

const form = { ...initialBlogRewriterForm, url: 'https://www.example.com/blog/roof-repair-guide' };

describe('blog rewriter form', () => {
  it('starts as Leave As Is, without emojis, on the first model', () => {
    expect(initialBlogRewriterForm).toMatchObject({
      framework: 'original',
      addEmojis: false,
      model: 'claude-sonnet-4.1-20250514',
    });
  });

  it('needs a valid URL and a client to save', () => {
    expect(validateBlogRewrite(initialBlogRewriterForm)?.description).toBe('Please enter a valid URL');
    expect(validateBlogRewrite({ ...form, url: 'example.com/post' })?.description).toBe(
      'Please enter a valid URL',
    );
    expect(validateBlogRewrite({ ...form, saveToClient: true })?.title).toBe('Select a client');
    expect(validateBlogRewrite(form)).toBeNull();
  });

  it('sends a client only when saving, in a body the schema accepts', () => {
    const saving = blogRewriteRequest(
      { ...form, saveToClient: true, clientId: 'c1', framework: 'aida' },
      'UTC',
    );
    expect(blogRewriteRequestSchema.safeParse(saving).success).toBe(true);
    expect(saving).toMatchObject({ clientId: 'c1', framework: 'aida', url: form.url });
    expect(blogRewriteRequest({ ...form, clientId: 'c1' }, 'UTC').clientId).toBeNull();
  });

  it("reads the rewrite's text and HTML and names the download after the post's URL", () => {
    const output = readBlogRewriteOutput({
      rewrittenHtml: '<h1>Roof</h1><p>Fix it</p>',
      rewrittenContent: 'Roof\n\nFix it',
    });
    expect(output).toMatchObject({ text: 'Roof\n\nFix it', wordCount: 3 });
    if (!output) throw new Error('no output');
    expect(
      blogRewriteDownload(output, blogRewriteRequest(form, 'UTC'), new Date(2026, 10, 21, 9, 30)).name,
    ).toBe('www.example.com-roof-repair-guide-2026-11-21-0930.html');
    expect(readBlogRewriteOutput({ rewrittenHtml: '' })).toBeNull();
  });
});
