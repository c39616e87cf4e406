import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESS_RELEASE_INSTRUCTIONS } from '#shared/client';
import { countWords, htmlToText } from '#shared/text';
import { pressReleaseResultSchema } from '#shared/tool-results';
import { pressReleaseRequestSchema } from '#shared/tools/press-release';
import { SHORTER_THAN_ASKED } from '../compose/draft-check';
import { ARTICLE, makeClient, makeContext } from '../test-fixtures';
import { pressReleaseTool } from './definition';
import { composePressRelease, namesCompany, PRESS_RELEASE_WORDS } from './offline-composer';
import { buildPressReleasePrompt } from './prompt';

const request = (body: Record<string, unknown>) => pressReleaseRequestSchema.parse(body);
const withClientInfo = { useClientCompanyInfo: true, releaseDate: '2026-11-21' };

describe('buildPressReleasePrompt', () => {
  it('uses the client press release instructions, else the default, and edited ones first', () => {
    const custom = makeContext({
      client: makeClient({ press_release_instructions: 'Keep it under 350 words.' }),
    });
    expect(buildPressReleasePrompt(request({ topic: 'x' }), custom).prompt).toContain(
      'Keep it under 350 words.',
    );
    expect(buildPressReleasePrompt(request({ topic: 'x' }), makeContext()).prompt).toContain(
      DEFAULT_PRESS_RELEASE_INSTRUCTIONS,
    );
    const edited = buildPressReleasePrompt(
      request({ topic: 'x', instructions: 'Edited: two quotes.' }),
      custom,
    ).prompt;
    expect(edited).toContain('Edited: two quotes.');
    expect(edited).not.toContain('Keep it under 350 words.');
  });

  it('carries the release date as an AP dateline, the company data and the extra instructions', () => {
    const { prompt, system } = buildPressReleasePrompt(
      request({
        topic: 'Second location',
        prompt: 'Mention parking.',
        releaseDate: '2026-09-03',
        clientCompanyData: {
          companyName: 'Acme Roofing',
          city: 'Fresno',
          state: 'CA',
          phone: '559-555-0100',
        },
      }),
      makeContext({ client: null }),
    );
    expect(prompt).toContain('Release date: Sept. 3, 2026. Dateline: FRESNO, Calif. — Sept. 3, 2026 —');
    expect(prompt).toContain('Business: Acme Roofing');
    expect(prompt).toContain('Phone: 559-555-0100');
    expect(prompt).toContain('Additional instructions:\nMention parking.');
    expect(system).toMatch(/FOR IMMEDIATE RELEASE/u);
    expect(system).toMatch(/About/u);
  });

  it('keeps the client profile out unless its company info is to be used', () => {
    expect(buildPressReleasePrompt(request({ topic: 'x' }), makeContext()).prompt).not.toContain(
      'Lopez Plumbing',
    );
    expect(
      buildPressReleasePrompt(request({ topic: 'x', ...withClientInfo }), makeContext()).prompt,
    ).toContain('Business: Lopez Plumbing & Heating');
  });
});

describe('composePressRelease (offline)', () => {
  const structure = (html: string) => {
    const text = htmlToText(html);
    return { text, words: countWords(text) };
  };

  it('writes a full release: header, headline, subheadline, AP dateline, a quote to add, about, media contact, multimedia', () => {
    const draft = composePressRelease(
      request({
        topic: 'Opening of our second location in Round Rock',
        prompt: 'Mention the grand opening weekend.',
        ...withClientInfo,
      }),
      makeContext(),
    );
    const html = draft.text;
    const { text, words } = structure(html);
    expect(text.startsWith('FOR IMMEDIATE RELEASE')).toBe(true);
    expect(html).toMatch(
      /<h1>Lopez Plumbing &amp; Heating Announces Opening of Its Second Location in Round Rock<\/h1>/u,
    );
    // The subheadline adds the key detail the instructions give.
    expect(html).toMatch(/<h2>[^<]*grand opening weekend[^<]*<\/h2>/u);
    expect(html).toContain('<strong>AUSTIN, Texas — Nov. 21, 2026 —</strong>');
    // No words are put in a real person's mouth: the quote is a note to fill in.
    expect(text).toContain('[Add a quote from Maria Lopez, owner of Lopez Plumbing & Heating, about');
    expect(text).toContain('About Lopez Plumbing & Heating');
    expect(text).toMatch(
      /Media Contact\n+Maria Lopez\nLopez Plumbing & Heating\n\(512\) 555-0134\nhello@lopezplumbing\.example/u,
    );
    expect(text).toMatch(/Multimedia\n+Photos, logos/u);
    expect(words).toBeLessThanOrEqual(PRESS_RELEASE_WORDS.max);
    expect(draft.notes).toContain(SHORTER_THAN_ASKED);
  });

  it('never pads: no sentence that would fit any release, never over 500 words, the notice when short', () => {
    const cases = [
      composePressRelease(
        request({ topic: 'x', includeHeader: false, includeCompanyInfo: false }),
        makeContext({ client: null }),
      ),
      composePressRelease(request({ topic: 'New service' }), makeContext({ client: null })),
      composePressRelease(
        request({ inputType: 'url', url: ARTICLE.url, ...withClientInfo }),
        makeContext({ source: ARTICLE }),
      ),
      composePressRelease(
        request({ inputType: 'url', url: ARTICLE.url }),
        makeContext({
          source: { ...ARTICLE, text: `${ARTICLE.text}\n\n${ARTICLE.text.replaceAll('tankless', 'hybrid')}` },
        }),
      ),
      composePressRelease(
        request({ inputType: 'url', url: ARTICLE.url }),
        makeContext({ source: { ...ARTICLE, text: 'Short.' } }),
      ),
    ];
    for (const draft of cases) {
      const { words, text } = structure(draft.text);
      expect(words).toBeLessThanOrEqual(500);
      if (words < 300) expect(draft.notes).toContain(SHORTER_THAN_ASKED);
      expect(text).toMatch(/Nov\. 21, 2026 —/u);
      expect(text).toContain('Media Contact');
      expect(text).not.toMatch(/new chapter|broader effort|continued support|reach out early/u);
    }
  });

  it('writes from the source page in URL mode, in the third person', () => {
    const { text } = structure(
      composePressRelease(
        request({ inputType: 'url', url: ARTICLE.url, ...withClientInfo }),
        makeContext({ source: ARTICLE }),
      ).text,
    );
    expect(text).toContain('Is a Tankless Water Heater Right for Your Home?');
    expect(text).toMatch(/24 to 34 percent/u);
    expect(text).not.toMatch(/Welcome back|we offer free/u);
  });

  it('honours the header and company-info switches and the release date', () => {
    const html = composePressRelease(
      request({
        topic: 'Spring sale',
        includeHeader: false,
        includeCompanyInfo: false,
        ...withClientInfo,
        releaseDate: '2026-03-02',
      }),
      makeContext(),
    ).text;
    expect(html).not.toContain('FOR IMMEDIATE RELEASE');
    expect(html).not.toContain('About Lopez');
    expect(html).toContain('AUSTIN, Texas — March 2, 2026 —');
  });

  it('is deterministic', () => {
    const input = request({ topic: 'Spring sale', ...withClientInfo });
    expect(composePressRelease(input, makeContext()).text).toBe(
      composePressRelease(input, makeContext()).text,
    );
  });
});

describe('pressReleaseTool', () => {
  const input = request({
    topic: 'Spring sale',
    clientId: 'client-1',
    saveToClient: true,
    ...withClientInfo,
  });
  const context = makeContext();

  it('returns sanitized HTML and its text', () => {
    const result = pressReleaseTool.parseResult(
      '```html\n<h1>Big News</h1><script>steal()</script><p><strong>AUSTIN, Texas — Nov. 21, 2026 —</strong> Lead.</p><img src=x onerror="x()">\n```',
      input,
      context,
    );
    expect(result.generatedHtml).not.toMatch(/script|steal|onerror/u);
    expect(result.generatedText).toBe('Big News\n\nAUSTIN, Texas — Nov. 21, 2026 — Lead.');
    expect(result.wordCount).toBe(10);
  });

  it('builds its result with exactly the fields of its schema (shared/tool-results.ts)', () => {
    const result = pressReleaseTool.parseResult(composePressRelease(input, context).text, input, context);
    expect(Object.keys(result).sort()).toEqual(Object.keys(pressReleaseResultSchema.def.shape).sort());
    expect(pressReleaseResultSchema.safeParse(result).success).toBe(true);
  });

  it('saves as press_release with the spec metadata and records press_release_generation', () => {
    const result = pressReleaseTool.parseResult(composePressRelease(input, context).text, input, context);
    const saved = pressReleaseTool.contentToSave(input, result, context);
    expect(saved?.contentType).toBe('press_release');
    expect(saved?.title).toBe('Press Release - Nov 21, 2026, 3:30 PM');
    expect(saved?.metadata).toEqual({
      topic: 'Spring sale',
      url: '',
      inputType: 'topic',
      prompt: '',
      model: input.model,
      includeHeader: true,
      includeCompanyInfo: true,
      useClientCompanyInfo: true,
      releaseDate: '2026-11-21',
      wordCount: result.wordCount,
    });
    expect(pressReleaseTool.activity(input, result).action).toBe('press_release_generation');
    expect(pressReleaseTool.contentToSave({ ...input, saveToClient: false }, result, context)).toBeNull();
  });
});

describe('namesCompany', () => {
  it('sees the company in a subject with or without its legal suffix, so the headline does not repeat it', () => {
    expect(namesCompany('Riverside Plumbing opens a second location', 'Riverside Plumbing LLC')).toBe(true);
    expect(namesCompany('riverside plumbing wins an award', 'Riverside Plumbing, Inc.')).toBe(true);
    expect(namesCompany('A new emergency hotline', 'Riverside Plumbing LLC')).toBe(false);
  });
});
