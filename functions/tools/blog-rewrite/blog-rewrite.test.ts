import { describe, expect, it } from 'vitest';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { htmlToText } from '#shared/text';
import { blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import { hasEmoji } from '../compose/phrasing';
import { ARTICLE, makeContext } from '../test-fixtures';
import { blogRewriteTool } from './definition';
import { composeBlogRewrite } from './offline-composer';
import { buildBlogRewritePrompt } from './prompt';

const request = (body: Record<string, unknown>) =>
  blogRewriteRequestSchema.parse({ url: ARTICLE.url, ...body });
const context = makeContext({ source: { ...ARTICLE, text: `${ARTICLE.text}\n\nWe love our customers! 🎉` } });

const rewrite = (body: Record<string, unknown>) => {
  const input = request(body);
  return blogRewriteTool.parseResult(composeBlogRewrite(input, context).text, input, context);
};
const headings = (html: string, level = 'h2') =>
  [...html.matchAll(new RegExp(`<${level}>([^<]*)</${level}>`, 'gu'))].map((match) => match[1]);

describe('buildBlogRewritePrompt', () => {
  it('sends the source text, the framework guide and the emoji rule, and asks for JSON text/html', () => {
    const { system, prompt } = buildBlogRewritePrompt(
      request({ framework: 'pas', addEmojis: false }),
      context,
    );
    expect(prompt).toContain('Annual flushing removes mineral scale');
    expect(system).toMatch(/PAS framework/u);
    expect(system).toMatch(/Do not use any emojis/u);
    expect(system).toContain('{"text"');
    expect(buildBlogRewritePrompt(request({ addEmojis: true }), context).system).toMatch(
      /Add a few relevant emojis/u,
    );
  });
});

describe('composeBlogRewrite (offline)', () => {
  it("'original' keeps the source's headings in order and drops filler", () => {
    const result = rewrite({ framework: 'original' });
    expect(headings(result.rewrittenHtml, 'h1')).toEqual(['Is a Tankless Water Heater Right for Your Home?']);
    expect(headings(result.rewrittenHtml)).toEqual([
      'How Tankless Heaters Work',
      'Costs and Lifespan',
      'Keeping It Running',
    ]);
    expect(result.rewrittenContent).toContain('24 to 34 percent');
    expect(result.rewrittenContent).not.toMatch(/Welcome back|Thanks for stopping by/u);
  });

  it('StoryBrand has character, problem, guide, plan, call to action, success and failure, in order', () => {
    const result = rewrite({ framework: 'storybrand' });
    expect(headings(result.rewrittenHtml)).toEqual([
      'Who This Is For',
      'The Problem',
      'Meet Your Guide',
      'The Plan',
      'Take the Next Step',
      'What Success Looks Like',
      'What Is at Stake',
    ]);
    expect(result.rewrittenHtml).toMatch(/<ol><li>[^<]+<\/li><li>[^<]+<\/li><li>[^<]+<\/li><\/ol>/u);
    expect(result.rewrittenContent).toContain('Lopez Plumbing & Heating');
  });

  it("AIDA has attention, interest, desire and action; the hook is the post's opening paragraph", () => {
    const result = rewrite({ framework: 'aida' });
    expect(headings(result.rewrittenHtml)).toEqual([
      'Why It Matters',
      'What You Should Know',
      'Why You Will Love It',
      'Take Action',
    ]);
    const attention = result.rewrittenHtml.split('<h2>')[1] ?? '';
    expect(attention).toContain('A tankless water heater heats water only when a faucet opens');
  });

  it('moves paragraphs whole, under the heading they had, so no claim changes subject', () => {
    for (const framework of ['storybrand', 'aida', 'pas']) {
      const html = rewrite({ framework }).rewrittenHtml;
      // The lifespan claim stays with its section's heading and its own sentence about installation.
      expect(html).toMatch(
        /<h3>Costs and Lifespan<\/h3>\n<p>Installation of a tankless water heater usually takes one day, and the unit lasts about 20 years/u,
      );
      // "The upfront price is higher" leans on the sentence before it and is never moved without it.
      expect(html).toContain(
        'compared with 10 to 15 years for a storage tank heater. The upfront price is higher',
      );
    }
  });

  it('PAS has problem, agitate and solution', () => {
    const result = rewrite({ framework: 'pas' });
    expect(headings(result.rewrittenHtml)).toEqual(['The Problem', 'Why It Gets Worse', 'The Solution']);
  });

  it('uses emojis only when asked', () => {
    for (const framework of ['original', 'storybrand', 'aida', 'pas']) {
      expect(hasEmoji(rewrite({ framework }).rewrittenHtml)).toBe(false);
      expect(hasEmoji(rewrite({ framework, addEmojis: true }).rewrittenHtml)).toBe(true);
    }
  });

  it('uses every sentence at most once and is deterministic', () => {
    const input = request({ framework: 'storybrand' });
    const text = rewrite({ framework: 'storybrand' }).rewrittenContent;
    const sentence = 'Annual flushing removes mineral scale';
    expect(text.split(sentence)).toHaveLength(2);
    expect(composeBlogRewrite(input, context).text).toBe(composeBlogRewrite(input, context).text);
  });
});

describe('parseBlogRewriteResult (via the tool)', () => {
  const input = request({});
  const parse = (raw: string) => blogRewriteTool.parseResult(raw, input, context);

  it('reads the asked-for JSON object', () => {
    expect(parse('{"text":"Title\\n\\nBody.","html":"<h1>Title</h1><p>Body.</p>"}')).toEqual({
      rewrittenContent: 'Title\n\nBody.',
      rewrittenHtml: '<h1>Title</h1><p>Body.</p>',
      wordCount: 2,
    });
  });

  it('reads a nested JSON string and html given as an object with a value', () => {
    const nested = JSON.stringify({
      text: JSON.stringify({ text: 'Inner text', html: '<p>Inner text</p>' }),
    });
    expect(parse(nested)).toMatchObject({
      rewrittenContent: 'Inner text',
      rewrittenHtml: '<p>Inner text</p>',
    });
    expect(parse('{"text":"Plain","html":{"type":"html","value":"<p>Valued</p>"}}')).toMatchObject({
      rewrittenContent: 'Plain',
      rewrittenHtml: '<p>Valued</p>',
    });
  });

  it('extracts markup from plain or code-fenced text', () => {
    expect(parse('Here is the rewrite:\n```html\n<h1>T</h1>\n<p>B</p>\n```')).toMatchObject({
      rewrittenHtml: '<h1>T</h1>\n<p>B</p>',
      rewrittenContent: 'T\n\nB',
    });
    expect(parse('```json\n{"text":"A","html":"<p>A</p>"}\n```').rewrittenHtml).toBe('<p>A</p>');
    expect(parse('Just a plain paragraph.').rewrittenHtml).toBe('<p>Just a plain paragraph.</p>');
  });

  it('sanitizes the html and refuses an empty reply', () => {
    const result = parse(
      '{"text":"x","html":"<p>ok</p><script>alert(1)</script><a href=\\"javascript:alert(1)\\">l</a>"}',
    );
    expect(result.rewrittenHtml).not.toMatch(/script|javascript/u);
    expect(() => parse('{"text":"","html":""}')).toThrow(ToolResultError);
    expect(() => parse('')).toThrow(ToolResultError);
  });
});

describe('blogRewriteTool', () => {
  it('saves as blog with the spec metadata and records blog_rewrite', () => {
    const input = request({ framework: 'aida', clientId: 'client-1', saveToClient: true });
    const result = rewrite({ framework: 'aida' });
    const saved = blogRewriteTool.contentToSave(input, result, context);
    expect(saved).toMatchObject({ contentType: 'blog', title: 'Blog Rewrite - Nov 21, 2026, 3:30 PM' });
    expect(saved?.metadata).toEqual({
      originalUrl: ARTICLE.url,
      framework: 'aida',
      model: input.model,
      addEmojis: false,
      wordCount: result.wordCount,
    });
    expect(htmlToText(saved?.htmlContent ?? '')).toBe(htmlToText(result.rewrittenHtml));
    expect(blogRewriteTool.activity(input, result).action).toBe('blog_rewrite');
    expect(blogRewriteTool.sourceUrl(input)).toBe(ARTICLE.url);
  });
});
