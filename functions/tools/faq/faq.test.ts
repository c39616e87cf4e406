import { describe, expect, it } from 'vitest';
import { ToolResultError } from '#functions/generation/tool-result-error';
import { htmlToText } from '#shared/text';
import { faqResultSchema } from '#shared/tool-results';
import { faqRequestSchema } from '#shared/tools/faq';
import { makeClient, makeContext } from '../test-fixtures';
import { faqTool } from './definition';
import { composeFaq } from './offline-composer';
import { buildFaqPrompt, faqInstructions } from './prompt';

const request = (body: Record<string, unknown>) =>
  faqRequestSchema.parse({ topic: 'Water heater repair', ...body });
const context = makeContext();
const compose = (body: Record<string, unknown>) => {
  const input = request(body);
  return faqTool.parseResult(composeFaq(input, context).text, input, context);
};
const headingsAt = (html: string, level: string) =>
  [...html.matchAll(new RegExp(`<${level}>([^<]*)</${level}>`, 'gu'))].map((match) => match[1] ?? '');

describe('buildFaqPrompt', () => {
  it("prepends the client's newsletter instructions to the additional instructions", () => {
    expect(faqInstructions('Keep answers short.', makeClient())).toBe(
      'Always mention our 24/7 emergency service and the winter tune-up special.\n\nKeep answers short.',
    );
    const { prompt } = buildFaqPrompt(request({ prompt: 'Keep answers short.' }), context);
    expect(prompt.indexOf('24/7 emergency service')).toBeLessThan(prompt.indexOf('Keep answers short.'));
  });

  it('asks for exactly N items at the heading level, custom ones first, and JSON with html and schema', () => {
    const { system, prompt } = buildFaqPrompt(
      request({ questionCount: 9, headingLevel: 'h4', customQuestions: 'Is it safe?\nHow long?' }),
      context,
    );
    expect(system).toContain('Write exactly 9 questions');
    expect(system).toContain('<h4>');
    expect(system).toContain('"@type": "FAQPage"');
    expect(system).toContain('{"html"');
    expect(prompt).toContain('Custom questions:\n1. Is it safe?\n2. How long?');
    const howto = buildFaqPrompt(request({ contentType: 'howto', questionCount: 7 }), context).system;
    expect(howto).toContain('Write exactly 7 steps');
    expect(howto).toContain('"@type": "HowTo"');
  });
});

describe('composeFaq (offline)', () => {
  // Without a client there is no service-area question and no mention to carry: the count chosen is
  // still the count delivered, in the HTML and in the schema.
  const clientless = makeContext({ client: null });
  it.each(
    [7, 8, 9, 10].flatMap((count) => [
      { count, ctx: context, who: 'for a client' },
      { count, ctx: clientless, who: 'without a client' },
    ]),
  )(
    'writes exactly $count questions $who at the chosen level with a matching FAQPage schema',
    ({ count, ctx }) => {
      for (const headingLevel of ['h2', 'h3', 'h4']) {
        const input = request({ questionCount: count, headingLevel });
        const result = faqTool.parseResult(composeFaq(input, ctx).text, input, ctx);
        const questions = headingsAt(result.generatedHtml, headingLevel);
        expect(questions).toHaveLength(count);
        const schema = JSON.parse(result.generatedSchema);
        expect(schema['@context']).toBe('https://schema.org');
        expect(schema['@type']).toBe('FAQPage');
        expect(schema.mainEntity).toHaveLength(count);
        schema.mainEntity.forEach(
          (
            entity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } },
            index: number,
          ) => {
            expect(entity['@type']).toBe('Question');
            expect(entity.acceptedAnswer['@type']).toBe('Answer');
            expect(entity.acceptedAnswer.text.length).toBeGreaterThan(40);
            expect(htmlToText(questions[index] ?? '')).toBe(entity.name);
          },
        );
      }
    },
  );

  it('uses custom questions first, in order, then the instructions and the business', () => {
    const result = compose({
      customQuestions: 'Do you charge extra on weekends\nHow much is a new anode rod?',
    });
    const questions = headingsAt(result.generatedHtml, 'h3');
    expect(questions.slice(0, 2)).toEqual([
      'Do you charge extra on weekends?',
      'How much is a new anode rod?',
    ]);
    const text = htmlToText(result.generatedHtml);
    // The price question gets the client's price to fill in, and the advice that holds for any job.
    expect(text).toContain('[Add your usual price range for');
    expect(text).toContain('winter tune-up special');
    expect(text).toContain('Lopez Plumbing & Heating');
    expect(text).toContain('(512) 555-0134');
  });

  it('answers how long a thing lasts with its lifespan, and how long a job lasts with its time', () => {
    const result = compose({
      topic: 'Roof replacement',
      customQuestions:
        'How long does a new water heater last?\nHow long does the repair last?\nHow long does it take?',
    });
    const { mainEntity } = JSON.parse(result.generatedSchema) as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    const answers = new Map(mainEntity.map((entity) => [entity.name, entity.acceptedAnswer.text]));
    expect(answers.get('How long does a new water heater last?')).toMatch(
      /^\[Add how many years it usually lasts here\.\] How long it lasts depends on the materials, the quality of the work and how well it is looked after; a plumbing inspection once a year helps/u,
    );
    // A repair that lasts is a visit's time, not a thing's life.
    expect(answers.get('How long does the repair last?')).toMatch(
      /^\[Add how long a service call usually takes here\.\]/u,
    );
    // Each template answers once: the third question, about time too, says what to add.
    expect(answers.get('How long does it take?')).toBe('[Add your answer to this question here.]');
    const text = htmlToText(result.generatedHtml);
    expect(text.match(/How long it lasts depends/gu)).toHaveLength(1);
  });

  it('answers a custom question from the instructions, else says what to add', () => {
    const ctx = makeContext({
      client: makeClient({ newsletter_instructions: 'Walk-ins are welcome on Saturdays from 9 to 1.' }),
    });
    const input = request({
      customQuestions:
        'Do you take walk-ins on Saturday?\nDo you offer payment plans?\nDoes the repair hurt?',
    });
    const result = faqTool.parseResult(composeFaq(input, ctx).text, input, ctx);
    const { mainEntity } = JSON.parse(result.generatedSchema) as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    const answers = new Map(mainEntity.map((entity) => [entity.name, entity.acceptedAnswer.text]));
    expect(answers.get('Do you take walk-ins on Saturday?')).toBe(
      'Walk-ins are welcome on Saturdays from 9 to 1.',
    );
    expect(answers.get('Do you offer payment plans?')).toBe('[Add whether you offer payment plans here.]');
    expect(answers.get('Does the repair hurt?')).toBe('[Add your answer to this question here.]');
    expect(composeFaq(input, ctx).notes[0]).toMatch(/fill in the bracketed notes/u);
  });

  it('writes exactly N How To steps with a HowTo schema of positioned HowToSteps', () => {
    const result = compose({
      contentType: 'howto',
      topic: 'Winterizing a sprinkler system',
      questionCount: 9,
      customQuestions: 'Shut off the main valve',
    });
    const steps = headingsAt(result.generatedHtml, 'h3');
    expect(steps).toHaveLength(9);
    expect(steps[0]).toBe('Step 1: Shut off the main valve');
    steps.forEach((step, index) => {
      expect(step.startsWith(`Step ${index + 1}: `)).toBe(true);
    });
    const schema = JSON.parse(result.generatedSchema);
    expect(schema['@type']).toBe('HowTo');
    expect(schema.name).toBe('Winterizing a Sprinkler System: A Step-by-Step Guide');
    expect(schema.step).toHaveLength(9);
    schema.step.forEach(
      (step: { '@type': string; position: number; name: string; text: string }, index: number) => {
        expect(step['@type']).toBe('HowToStep');
        expect(step.position).toBe(index + 1);
        expect(steps[index]).toBe(`Step ${index + 1}: ${step.name}`);
        expect(step.text.length).toBeGreaterThan(20);
      },
    );
  });

  it('puts the title one level above the items, or leaves it out', () => {
    expect(compose({ headingLevel: 'h2' }).generatedHtml).toMatch(
      /^<h1>Frequently Asked Questions About Water Heater Repair<\/h1>/u,
    );
    const bare = compose({ includeHeader: false });
    expect(bare.generatedHtml.startsWith('<h3>')).toBe(true);
    expect(bare.generatedHtml).not.toContain('<h2>');
  });

  it('is deterministic', () => {
    const input = request({ contentType: 'howto' });
    expect(composeFaq(input, context).text).toBe(composeFaq(input, context).text);
  });
});

describe('parseFaqResult (via the tool)', () => {
  const input = request({});
  const parse = (raw: string) => faqTool.parseResult(raw, input, context);

  it('builds its result with exactly the fields of its schema (shared/tool-results.ts)', () => {
    for (const contentType of ['faq', 'howto']) {
      const result = compose({ contentType });
      expect(Object.keys(result).sort()).toEqual(Object.keys(faqResultSchema.def.shape).sort());
      expect(faqResultSchema.safeParse(result).success).toBe(true);
    }
  });

  it('accepts the schema as an object or as JSON text, fenced or in a script block', () => {
    const schema = { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] };
    const asObject = parse(JSON.stringify({ html: '<h3>Q?</h3><p>A.</p>', schema }));
    expect(JSON.parse(asObject.generatedSchema)).toEqual(schema);
    const asText = parse(
      JSON.stringify({
        html: '<p>A.</p>',
        schema: `<script type="application/ld+json">${JSON.stringify(schema)}</script>`,
      }),
    );
    expect(JSON.parse(asText.generatedSchema)).toEqual(schema);
    expect(parse(`\`\`\`json\n${JSON.stringify({ html: '<p>A.</p>', schema })}\n\`\`\``).generatedHtml).toBe(
      '<p>A.</p>',
    );
  });

  it("throws 'Invalid response format' when html or schema is missing or unreadable", () => {
    for (const raw of [
      '<h3>Q?</h3><p>A.</p>',
      '{"html":"<p>A.</p>"}',
      '{"schema":{"@type":"FAQPage"}}',
      '{"html":"<p>A</p>","schema":"not json"}',
    ]) {
      expect(() => parse(raw)).toThrow(ToolResultError);
      expect(() => parse(raw)).toThrow('Invalid response format');
    }
  });

  it('sanitizes the html and makes the schema safe inside a script block', () => {
    const result = parse(
      JSON.stringify({
        html: '<h3>Q?</h3><script>alert(1)</script><p onmouseover="x()">A.</p>',
        schema: { '@type': 'FAQPage', mainEntity: [{ name: '</script><script>alert(1)</script>' }] },
      }),
    );
    expect(result.generatedHtml).toBe('<h3>Q?</h3><p>A.</p>');
    expect(result.generatedSchema).not.toContain('<');
    expect(JSON.parse(result.generatedSchema).mainEntity[0].name).toBe('</script><script>alert(1)</script>');
  });
});

describe('faqTool', () => {
  it('saves as faq or howto with the spec metadata and records faq_generation', () => {
    const input = request({
      contentType: 'howto',
      clientId: 'client-1',
      saveToClient: true,
      prompt: 'Short.',
    });
    const result = faqTool.parseResult(composeFaq(input, context).text, input, context);
    const saved = faqTool.contentToSave(input, result, context);
    expect(saved).toMatchObject({ contentType: 'howto', title: 'How To Guide - Nov 21, 2026, 3:30 PM' });
    expect(saved?.metadata).toEqual({
      topic: 'Water heater repair',
      additionalPrompt: 'Short.',
      model: input.model,
      includeHeader: true,
      questionCount: 8,
      headingLevel: 'h3',
      customQuestions: '',
      contentType: 'howto',
      schema: result.generatedSchema,
    });
    const faqInput = { ...input, contentType: 'faq' as const };
    expect(faqTool.contentToSave(faqInput, result, context)?.contentType).toBe('faq');
    expect(faqTool.activity(input, result)).toMatchObject({
      action: 'faq_generation',
      resourceType: 'content_generation',
    });
    expect(faqTool.expectedOutputTokens(request({ questionCount: 10 }))).toBeGreaterThan(
      faqTool.expectedOutputTokens(request({ questionCount: 7 })),
    );
  });
});
