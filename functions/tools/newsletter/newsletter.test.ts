import { describe, expect, it } from 'vitest';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { countWords, htmlToText } from '#shared/text';
import { CLIENT_INSTRUCTIONS_HEADING, newsletterRequestSchema } from '#shared/tools/newsletter';
import { ARTICLE, makeClient, makeContext } from '../test-fixtures';
import { newsletterTool } from './definition';
import { composeNewsletter } from './offline-composer';
import { buildNewsletterPrompt, newsletterInstructions } from './prompt';

const request = (body: Record<string, unknown>) => newsletterRequestSchema.parse(body);

describe('newsletterInstructions', () => {
  it('is the additional instructions, then the heading, then the client instructions', () => {
    const text = newsletterInstructions('Keep it short.', makeClient());
    expect(text).toBe(
      `Keep it short.\n\n${CLIENT_INSTRUCTIONS_HEADING}\nAlways mention our 24/7 emergency service and the winter tune-up special.`,
    );
  });

  it('leaves out the client part without a client or instructions', () => {
    expect(newsletterInstructions('Keep it short.', null)).toBe('Keep it short.');
    expect(newsletterInstructions('Keep it short.', makeClient({ newsletter_instructions: null }))).toBe(
      'Keep it short.',
    );
    expect(newsletterInstructions('', makeClient())).toMatch(
      new RegExp(`^${CLIENT_INSTRUCTIONS_HEADING}`, 'u'),
    );
  });
});

describe('buildNewsletterPrompt', () => {
  it('asks for inline-styled HTML and honours the header and title flags', () => {
    const on = buildNewsletterPrompt(request({ topic: 'Winter plumbing' }), makeContext());
    expect(on.system).toMatch(/inline styles only/iu);
    expect(on.system).toMatch(/Begin with a header/u);
    expect(on.system).toMatch(/name and a subheader/u);
    const off = buildNewsletterPrompt(
      request({ topic: 'Winter plumbing', includeHeader: false, includeTitle: false }),
      makeContext(),
    );
    expect(off.system).toMatch(/Do not include a header/u);
    expect(off.system).toMatch(/Do not include a newsletter name/u);
  });

  it('puts the topic, business, and instructions in order with the client part last', () => {
    const { prompt } = buildNewsletterPrompt(
      request({ topic: 'Winter plumbing', prompt: 'Mention frozen pipes.' }),
      makeContext(),
    );
    const topicAt = prompt.indexOf('Newsletter topic: Winter plumbing');
    const ownAt = prompt.indexOf('Mention frozen pipes.');
    const headingAt = prompt.indexOf(CLIENT_INSTRUCTIONS_HEADING);
    const clientAt = prompt.indexOf('24/7 emergency service');
    expect(topicAt).toBeGreaterThanOrEqual(0);
    expect(prompt).toContain('Business: Lopez Plumbing & Heating');
    expect(topicAt).toBeLessThan(ownAt);
    expect(ownAt).toBeLessThan(headingAt);
    expect(headingAt).toBeLessThan(clientAt);
  });

  it('carries the source text in URL mode', () => {
    const { prompt } = buildNewsletterPrompt(
      request({ inputType: 'url', url: ARTICLE.url }),
      makeContext({ source: ARTICLE, client: null }),
    );
    expect(prompt).toContain(`Source URL: ${ARTICLE.url}`);
    expect(prompt).toContain('Annual flushing removes mineral scale');
    expect(prompt).not.toContain(CLIENT_INSTRUCTIONS_HEADING);
  });
});

describe('composeNewsletter (offline)', () => {
  it('says what the issue is about in the topic’s own words: a gerund used as a noun keeps its form', () => {
    const text = htmlToText(
      composeNewsletter(request({ topic: 'Spring plumbing checklist' }), makeContext({ client: null })).text,
    );
    expect(text).toMatch(/This issue is about (?:your |the )?plumbing checklist\./u);
    expect(text).not.toMatch(/\bplumb\b/u);
  });

  it('is deterministic', () => {
    const input = request({ topic: 'Winter plumbing' });
    expect(composeNewsletter(input, makeContext()).text).toBe(composeNewsletter(input, makeContext()).text);
  });

  it('uses the topic, the client profile and the instructions, with inline styles only', () => {
    const html = composeNewsletter(
      request({ topic: 'Winter plumbing checklist', prompt: 'Highlight frozen pipe prevention.' }),
      makeContext(),
    ).text;
    const text = htmlToText(html);
    expect(html).not.toMatch(/<style|<script|class=/iu);
    expect(html).toMatch(/style="/u);
    expect(text).toContain('Winter Plumbing Checklist');
    expect(text).toContain('Lopez Plumbing & Heating');
    expect(text).toContain('(512) 555-0134');
    expect(text).toContain('hello@lopezplumbing.example');
    expect(text).toContain('1200 Congress Ave, Austin, TX 78701');
    expect(text.toLowerCase()).toContain('frozen pipe prevention');
    expect(text.toLowerCase()).toMatch(/emergency service|winter tune-up special/u);
    expect(html).toContain('href="tel:5125550134"');
  });

  it('writes from the informative sentences of the source in URL mode, not its greeting', () => {
    const html = composeNewsletter(
      request({ inputType: 'url', url: ARTICLE.url }),
      makeContext({ source: ARTICLE }),
    ).text;
    const text = htmlToText(html);
    expect(text).toContain('Is a Tankless Water Heater Right for Your Home?');
    expect(text).toMatch(/cut water heating energy use by 24 to 34 percent/u);
    expect(text).not.toMatch(/Welcome back to our blog/u);
    expect(countWords(text)).toBeGreaterThan(200);
  });

  it('drops the header, and the name and colours, when asked', () => {
    const input = request({ topic: 'Winter plumbing' });
    const full = composeNewsletter(input, makeContext()).text;
    expect(full).toMatch(/<h1/u);
    expect(full).toMatch(/Insider|Update|Digest|Bulletin|Briefing/u);
    const noTitle = composeNewsletter({ ...input, includeTitle: false }, makeContext()).text;
    expect(noTitle).not.toMatch(/<h1/u);
    expect(noTitle).not.toMatch(/#1d4ed8|#0f766e|#b45309|#7c3aed|#be123c|#15803d/u);
    const noHeader = composeNewsletter({ ...input, includeHeader: false }, makeContext()).text;
    expect(noHeader).not.toMatch(/<h1/u);
    expect(noHeader).not.toContain('November 21, 2026');
  });

  it('survives the parser unchanged in substance (same format as the model reply)', () => {
    const input = request({ topic: 'Winter plumbing' });
    const context = makeContext();
    const result = newsletterTool.parseResult(composeNewsletter(input, context).text, input, context);
    expect(htmlToText(result.generatedHtml)).toBe(htmlToText(composeNewsletter(input, context).text));
    expect(result.wordCount).toBe(countWords(htmlToText(result.generatedHtml)));
  });

  it('names a plain-phrase topic at most twice, also when the topic is the newsletter name', () => {
    const text = htmlToText(
      composeNewsletter(request({ topic: 'Weekly tech updates' }), makeContext({ client: null })).text,
    );
    expect(text.match(/weekly tech updates/giu)).toHaveLength(2);
  });

  it('keeps every inline style through the sanitizer', () => {
    const input = request({ topic: 'Winter plumbing' });
    const context = makeContext();
    const styles = (html: string) =>
      [...html.matchAll(/style="([^"]*)"/gu)].map((match) =>
        (match[1] ?? '').replace(/\s+/gu, '').replace(/;$/u, ''),
      );
    const composed = composeNewsletter(input, context).text;
    expect(styles(newsletterTool.parseResult(composed, input, context).generatedHtml)).toEqual(
      styles(composed),
    );
  });
});

describe('newsletterTool', () => {
  const input = request({
    topic: 'Winter plumbing',
    prompt: 'Short please.',
    clientId: 'client-1',
    saveToClient: true,
  });
  const context = makeContext();

  it('sanitizes model HTML: a script never survives', () => {
    const result = newsletterTool.parseResult(
      'Here you go:\n```html\n<div style="color:#111"><h1>Hi</h1><script>alert(1)</script><p onclick="x()">Body</p></div>\n```',
      input,
      context,
    );
    expect(result.generatedHtml).not.toMatch(/script|onclick|alert/u);
    expect(result.generatedHtml).toContain('<h1>Hi</h1>');
  });

  it('keeps a plain-text reply as paragraphs and rejects an empty one', () => {
    expect(newsletterTool.parseResult('First para.\n\nSecond para.', input, context).generatedHtml).toBe(
      '<p>First para.</p>\n<p>Second para.</p>',
    );
    expect(() => newsletterTool.parseResult('<div><script>x</script></div>', input, context)).toThrow(
      ToolResultError,
    );
  });

  it('saves as a newsletter with the spec metadata and title', () => {
    const result = newsletterTool.parseResult('<p>Hello there world</p>', input, context);
    const saved = newsletterTool.contentToSave(input, result, context);
    expect(saved).toMatchObject({
      contentType: 'newsletter',
      title: 'Newsletter - Nov 21, 2026, 3:30 PM',
      content: 'Hello there world',
      htmlContent: '<p>Hello there world</p>',
    });
    expect(saved?.metadata).toEqual({
      topic: 'Winter plumbing',
      url: '',
      inputType: 'topic',
      prompt: newsletterInstructions('Short please.', context.client),
      model: input.model,
      includeHeader: true,
      includeTitle: true,
      wordCount: 3,
    });
    expect(newsletterTool.contentToSave({ ...input, saveToClient: false }, result, context)).toBeNull();
  });

  it('records newsletter_generation with the spec details and routes by input type', () => {
    const result = newsletterTool.parseResult('<p>x</p>', input, context);
    expect(newsletterTool.activity(input, result)).toEqual({
      action: 'newsletter_generation',
      resourceType: 'content_generation',
      details: {
        inputType: 'topic',
        topic: 'Winter plumbing',
        url: '',
        model: input.model,
        includeHeader: true,
        includeTitle: true,
      },
    });
    expect(newsletterTool.sourceUrl(input)).toBeNull();
    expect(newsletterTool.sourceUrl(request({ inputType: 'url', url: ARTICLE.url }))).toBe(ARTICLE.url);
    expect(newsletterTool.clientId(input)).toBe('client-1');
    expect(newsletterTool.expectedOutputTokens(input)).toBeGreaterThan(500);
  });
});
