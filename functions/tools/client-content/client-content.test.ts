import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { countWords, htmlToText } from '#shared/text';
import { clientContentRequestSchema } from '#shared/tools/client-content';
import { SHORTER_THAN_ASKED } from '../compose/draft-check';
import { hasEmoji } from '../compose/phrasing';
import { ARTICLE, makeClient, makeContext } from '../test-fixtures';
import { clientContentTool } from './definition';
import { composeClientContent, wordRange } from './offline-composer';
import { buildClientContentPrompt } from './prompt';

const CLIENT_URL = 'https://lopezplumbing.example/';
const request = (body: Record<string, unknown> = {}) =>
  clientContentRequestSchema.parse({
    clientUrl: CLIENT_URL,
    topic: 'Tankless water heater installation',
    ...body,
  });
const SITE = {
  ...ARTICLE,
  url: CLIENT_URL,
  text: `${ARTICLE.text}\n\nWe proudly stock parts from Acme Supply Co. for every job. 🎉 Follow us for deals! 🔥\n\nSee our reviews on bestplumbers.example.com and book at https://lopezplumbing.example/contact-us today.`,
};
const context = makeContext({ source: SITE });

const generate = (body: Record<string, unknown> = {}, ctx = context) => {
  const input = request(body);
  return clientContentTool.parseResult(composeClientContent(input, ctx).text, input, ctx);
};

describe('buildClientContentPrompt', () => {
  it('uses edited instructions, else the client content instructions, else the default', () => {
    expect(buildClientContentPrompt(request(), context).prompt).toContain(DEFAULT_CONTENT_INSTRUCTIONS);
    const custom = makeContext({
      source: SITE,
      client: makeClient({ content_instructions: 'Write 800-1000 words.' }),
    });
    expect(buildClientContentPrompt(request(), custom).prompt).toContain('Write 800-1000 words.');
    const edited = buildClientContentPrompt(request({ instructions: 'Edited: friendly.' }), custom).prompt;
    expect(edited).toContain('Edited: friendly.');
    expect(edited).not.toContain('Write 800-1000 words.');
  });

  it('gives the site text, the contact page and the rules on outside businesses and calls to action', () => {
    const { system, prompt } = buildClientContentPrompt(request({ prompt: 'Mention financing.' }), context);
    expect(prompt).toContain('Annual flushing removes mineral scale');
    expect(prompt).toContain(
      'Contact page URL for every "Contact us" link: https://lopezplumbing.example/contact-us',
    );
    expect(prompt).toContain('Additional instructions:\nMention financing.');
    expect(system).toMatch(/Never name or link to any business other than the client/u);
    expect(system).toMatch(/<h1>/u);
  });
});

describe('composeClientContent (offline)', () => {
  it('writes WordPress-ready HTML with a title from what the site and the trade say, never past the range', () => {
    const draft = composeClientContent(request({ prompt: 'Mention the free in-home estimates.' }), context);
    const input = request({ prompt: 'Mention the free in-home estimates.' });
    const result = clientContentTool.parseResult(draft.text, input, context);
    const words = countWords(htmlToText(result.content));
    expect(words).toBeLessThanOrEqual(1500);
    expect(result.wordCount).toBe(words);
    expect(result.title).toMatch(/Tankless Water Heater Installation/u);
    expect(result.content).not.toMatch(/<h1|<html|<head|<body|<style|<script/iu);
    expect(result.content).toMatch(/<h2>/u);
    expect(result.content).toMatch(/<ul>/u);
    // The site's claims, whole, and the instruction's mention.
    expect(result.content).toContain('Annual flushing removes mineral scale');
    expect(htmlToText(result.content)).toMatch(/free in-home estimates/u);
    // Shorter than 1000 words because nothing true was left to add: the notice says so.
    expect(words).toBeLessThan(1000);
    expect(draft.notes).toContain(SHORTER_THAN_ASKED);
  });

  it("has 'Contact us' calls to action linking to the contact page", () => {
    const result = generate();
    const links = [...result.content.matchAll(/<a href="([^"]+)">Contact us<\/a>/gu)].map(
      (match) => match[1],
    );
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const href of links) expect(href).toBe('https://lopezplumbing.example/contact-us');
    const derived = generate({}, makeContext({ source: ARTICLE }));
    expect(derived.content).toContain('<a href="https://lopezplumbing.example/contact">Contact us</a>');
  });

  it('has no emojis and names no outside business', () => {
    const result = generate();
    expect(hasEmoji(result.content)).toBe(false);
    expect(hasEmoji(result.title)).toBe(false);
    expect(result.content).not.toMatch(/Acme Supply|bestplumbers/u);
  });

  it('draws on the site, the topic, the profile and the additional instructions', () => {
    const text = htmlToText(generate({ prompt: 'Mention the free in-home estimates.' }).content);
    expect(text).toMatch(/24 to 34 percent/u);
    expect(text.toLowerCase()).toContain('tankless water heater installation');
    expect(text).toContain('(512) 555-0134');
    expect(text).toContain('Austin');
    expect(text.toLowerCase()).toContain('free in-home estimates');
  });

  it('stays short and says so with a near-empty site and no client, rather than padding', () => {
    const input = request({ topic: 'Gutters' });
    const ctx = makeContext({ source: { ...ARTICLE, text: 'Hi.' }, client: null });
    const draft = composeClientContent(input, ctx);
    const words = countWords(htmlToText(clientContentTool.parseResult(draft.text, input, ctx).content));
    expect(words).toBeLessThan(200);
    expect(draft.notes).toContain(SHORTER_THAN_ASKED);
  });

  it('follows a word range written in the instructions', () => {
    expect(wordRange('Write 600-900 words.')).toEqual({ min: 600, max: 900 });
    expect(wordRange('Write 800 to 1200 words please')).toEqual({ min: 800, max: 1200 });
    expect(wordRange(DEFAULT_CONTENT_INSTRUCTIONS)).toEqual({ min: 1000, max: 1500 });
    expect(wordRange('Write 10-20 words')).toEqual({ min: 1000, max: 1500 });
    const short = generate({ instructions: 'Write 300-400 words in a friendly voice.' });
    const words = countWords(htmlToText(short.content));
    expect(words).toBeGreaterThanOrEqual(300);
    expect(words).toBeLessThanOrEqual(400);
  });

  it('is deterministic', () => {
    const input = request();
    expect(composeClientContent(input, context).text).toBe(composeClientContent(input, context).text);
  });
});

describe('parseClientContentResult (via the tool)', () => {
  const input = request();
  const parse = (raw: string) => clientContentTool.parseResult(raw, input, context);

  it('takes the h1 as the title and the rest as sanitized content', () => {
    const result = parse('```html\n<h1>Great &amp; Warm</h1>\n<p>Body <script>x()</script>text.</p>\n```');
    expect(result.title).toBe('Great & Warm');
    expect(result.content).toBe('<p>Body text.</p>');
  });

  it('falls back to the first h2, then to the topic', () => {
    expect(parse('<h2>Section</h2><p>Body.</p>').title).toBe('Section');
    expect(parse('<p>Body only.</p>').title).toBe('Tankless Water Heater Installation');
  });
});

describe('clientContentTool', () => {
  it('saves as client_content titled with the generated title, with the spec metadata', () => {
    const input = request({ clientId: 'client-1', saveToClient: true });
    const result = generate({ clientId: 'client-1', saveToClient: true });
    const saved = clientContentTool.contentToSave(input, result, context);
    expect(saved).toMatchObject({
      contentType: 'client_content',
      title: result.title,
      htmlContent: result.content,
    });
    expect(saved?.metadata).toEqual({
      topic: 'Tankless water heater installation',
      clientUrl: CLIENT_URL,
      model: input.model,
      wordCount: result.wordCount,
      generatedAt: '2026-11-21T15:30:00.000Z',
    });
    expect(clientContentTool.sourceUrl(input)).toBe(CLIENT_URL);
  });

  it('records client_content_generation, or client_content_save when the result is saved', () => {
    const result = generate();
    expect(clientContentTool.activity(request(), result).action).toBe('client_content_generation');
    expect(clientContentTool.activity(request({ clientId: 'c', saveToClient: true }), result).action).toBe(
      'client_content_save',
    );
  });
});
