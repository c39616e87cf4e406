import { describe, expect, it } from 'vitest';
import { faqRequestSchema, parseCustomItems } from './faq';

const issues = (body: unknown) => {
  const parsed = faqRequestSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('faqRequestSchema', () => {
  it('defaults to an FAQ of 8 questions at h3 with a header', () => {
    expect(faqRequestSchema.parse({ topic: 'Roof repair' })).toMatchObject({
      contentType: 'faq',
      questionCount: 8,
      headingLevel: 'h3',
      includeHeader: true,
      customQuestions: '',
    });
  });

  it('keeps the count between 7 and 10 and the heading among h2, h3, h4', () => {
    expect(issues({ topic: 'x', questionCount: 6 })[0]?.path).toBe('questionCount');
    expect(issues({ topic: 'x', questionCount: 11 })[0]?.path).toBe('questionCount');
    expect(issues({ topic: 'x', questionCount: 7.5 })[0]?.path).toBe('questionCount');
    expect(issues({ topic: 'x', questionCount: 10, headingLevel: 'h2' })).toEqual([]);
    expect(issues({ topic: 'x', headingLevel: 'h1' })[0]?.path).toBe('headingLevel');
  });

  it('words the topic message by content type', () => {
    expect(issues({})).toEqual([{ path: 'topic', message: 'Please enter a topic for the FAQ' }]);
    expect(issues({ contentType: 'howto', topic: ' ' })).toEqual([
      { path: 'topic', message: 'Please enter a topic for the How To guide' },
    ]);
  });

  it('accepts custom questions as text or as a list', () => {
    expect(faqRequestSchema.parse({ topic: 'x', customQuestions: ['A?', 'B?'] }).customQuestions).toBe(
      'A?\nB?',
    );
  });
});

describe('parseCustomItems', () => {
  it('takes one item per line, without blanks or list markers', () => {
    expect(parseCustomItems('  What is it?\n\n- How much?\r\n2. When?\n• Where? ')).toEqual([
      'What is it?',
      'How much?',
      'When?',
      'Where?',
    ]);
  });
});
