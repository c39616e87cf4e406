import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_MODEL_ID } from '../models';
import { NEWSLETTER_MESSAGES, newsletterRequestSchema } from './newsletter';

const issues = (body: unknown) => {
  const parsed = newsletterRequestSchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('newsletterRequestSchema', () => {
  it('applies the spec defaults', () => {
    expect(newsletterRequestSchema.parse({ topic: 'Spring tips' })).toEqual({
      model: DEFAULT_TEXT_MODEL_ID,
      prompt: '',
      topic: 'Spring tips',
      url: '',
      inputType: 'topic',
      includeHeader: true,
      includeTitle: true,
      clientId: undefined,
      saveToClient: false,
    });
  });

  it('needs a non-blank topic in topic mode', () => {
    expect(issues({ topic: '   ' })).toEqual([
      { path: 'topic', message: 'Please enter a newsletter topic.' },
    ]);
  });

  it('needs a URL in URL mode, and a web address at that', () => {
    expect(issues({ inputType: 'url', topic: 'ignored' })).toEqual([
      { path: 'url', message: NEWSLETTER_MESSAGES.urlRequired.description },
    ]);
    expect(issues({ inputType: 'url', url: 'ftp://example.com/x' })).toEqual([
      { path: 'url', message: 'Please enter a valid URL' },
    ]);
    expect(issues({ inputType: 'url', url: 'https://example.com/post' })).toEqual([]);
  });

  it('needs a client to save, with the spec message', () => {
    expect(issues({ topic: 'x', saveToClient: true, clientId: '' })).toEqual([
      { path: 'clientId', message: 'Please choose a client to save this newsletter to.' },
    ]);
    expect(issues({ topic: 'x', saveToClient: true, clientId: 'c1' })).toEqual([]);
  });

  it('accepts registry models only', () => {
    expect(issues({ topic: 'x', model: 'gpt-4o-mini' })).toEqual([]);
    expect(issues({ topic: 'x', model: 'made-up-model' })[0]?.path).toBe('model');
  });

  it('rejects an unknown time zone', () => {
    expect(issues({ topic: 'x', timeZone: 'Nowhere/Land' })[0]?.path).toBe('timeZone');
    expect(issues({ topic: 'x', timeZone: 'America/Denver' })).toEqual([]);
  });
});
