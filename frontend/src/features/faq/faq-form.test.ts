import { describe, expect, it } from 'vitest';
import { faqRequestSchema } from '#shared/tools/faq';
import {
  faqDownload,
  faqFileHtml,
  faqRequest,
  initialFaqForm,
  QUESTION_COUNTS,
  readFaqOutput,
  validateFaq,
} from './faq-form';

const schema = JSON.stringify(
  { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] },
  null,
  2,
);

describe('FAQ form', () => {
  it('defaults to an FAQ of 8 at h3 with a header, counts 7 to 10', () => {
    expect(initialFaqForm).toMatchObject({
      contentType: 'faq',
      questionCount: 8,
      headingLevel: 'h3',
      includeHeader: true,
    });
    expect(QUESTION_COUNTS).toEqual([7, 8, 9, 10]);
  });

  it('asks for the topic in the words of the content type', () => {
    expect(validateFaq(initialFaqForm, false)?.description).toBe('Please enter a topic for the FAQ');
    expect(validateFaq({ ...initialFaqForm, contentType: 'howto' }, false)?.description).toBe(
      'Please enter a topic for the How To guide',
    );
    expect(validateFaq({ ...initialFaqForm, topic: 'x', saveToClient: true }, true)?.title).toBe(
      'Select a client',
    );
  });

  it('builds a body the schema accepts', () => {
    const body = faqRequest(
      { ...initialFaqForm, topic: 'Roof repair', customQuestions: 'How long?\nHow much?', questionCount: 10 },
      { timeZone: 'UTC', hasClients: false },
    );
    expect(faqRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      questionCount: 10,
      customQuestions: 'How long?\nHow much?',
      saveToClient: false,
    });
  });

  it('needs both the HTML and the schema', () => {
    expect(readFaqOutput({ generatedHtml: '<h3>Q?</h3><p>A.</p>' })).toBeNull();
    expect(readFaqOutput({ generatedSchema: schema })).toBeNull();
    expect(
      readFaqOutput({ generatedHtml: '<h3>Q?</h3><p>A.</p>', generatedSchema: schema })?.extras.schema,
    ).toBe(schema);
  });

  it('appends the JSON-LD to the downloaded HTML only, in a script block, under a short name', () => {
    const output = readFaqOutput({
      generatedHtml: '<h3>Q?</h3><p>A.</p>',
      generatedSchema: '{"a":"</script>"}',
    });
    if (!output) throw new Error('no output');
    expect(output.html).not.toContain('ld+json');
    expect(faqFileHtml(output.html, '{"a":"</script>"}')).toBe(
      '<h3>Q?</h3><p>A.</p>\n<script type="application/ld+json">\n{"a":"\\u003c/script>"}\n</script>\n',
    );
    const body = faqRequest(
      {
        ...initialFaqForm,
        topic: 'Everything homeowners should know about replacing an old roof',
        contentType: 'howto',
      },
      { timeZone: 'UTC', hasClients: false },
    );
    const file = faqDownload(output, body, 'html', new Date(2026, 10, 21, 9, 30));
    expect(file.name.length).toBeLessThanOrEqual(50 + '.html'.length);
    expect(file.name).toMatch(/^everything-homeowners.*-how-to-2026-11-21-0930\.html$/u);
    expect(file.content).toContain('<script type="application/ld+json">');
    expect(faqDownload(output, body, 'txt', new Date()).content).toBe(output.text);
  });
});
