import { describe, expect, it } from 'vitest';
import { newsletterRequestSchema } from '#shared/tools/newsletter';
import {
  activeSourceEmpty,
  initialNewsletterForm,
  newsletterDownload,
  newsletterMetadata,
  newsletterRequest,
  readNewsletterOutput,
  validateNewsletter,
} from './newsletter-form';

const now = new Date(2026, 10, 21, 9, 30);

describe('newsletter form', () => {
  it('starts on the first model, the Topic tab and both header boxes checked', () => {
    expect(initialNewsletterForm).toMatchObject({
      model: 'claude-sonnet-4.1-20250514',
      mode: 'topic',
      includeHeader: true,
      includeTitle: true,
      saveToClient: false,
      clientId: null,
    });
  });

  it('disables generation only while the active source is empty', () => {
    expect(activeSourceEmpty(initialNewsletterForm)).toBe(true);
    expect(activeSourceEmpty({ ...initialNewsletterForm, topic: '  ' })).toBe(false);
    expect(activeSourceEmpty({ ...initialNewsletterForm, topic: 'x', mode: 'url' })).toBe(true);
  });

  it('gives the spec toasts, and the field at fault, for a blank topic, a blank URL and saving without a client', () => {
    expect(validateNewsletter({ ...initialNewsletterForm, topic: '  ' })).toEqual({
      title: 'Topic Required',
      description: 'Please enter a newsletter topic.',
      field: 'topic',
    });
    expect(validateNewsletter({ ...initialNewsletterForm, mode: 'url', url: ' ' })).toEqual({
      title: 'URL Required',
      description: 'Please enter a URL to extract content from.',
      field: 'url',
    });
    expect(validateNewsletter({ ...initialNewsletterForm, topic: 'Tips', saveToClient: true })).toEqual({
      title: 'Select a client',
      description: 'Please choose a client to save this newsletter to.',
      field: 'clientId',
    });
    expect(validateNewsletter({ ...initialNewsletterForm, topic: 'Tips' })).toBeNull();
  });

  it('builds a body the shared schema accepts, never saving when no clients exist', () => {
    const form = { ...initialNewsletterForm, topic: 'Spring tips', saveToClient: true, clientId: 'c1' };
    const body = newsletterRequest(form, 'UTC', true);
    expect(newsletterRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      inputType: 'topic',
      topic: 'Spring tips',
      clientId: 'c1',
      saveToClient: true,
    });
    expect(newsletterRequest(form, 'UTC', false).saveToClient).toBe(false);
  });

  it('names downloads after the topic or the URL, with the minute', () => {
    const output = readNewsletterOutput({ generatedHtml: '<h1>Spring Tips</h1><p>Clean gutters.</p>' });
    if (!output) throw new Error('no output');
    const topic = newsletterRequest({ ...initialNewsletterForm, topic: 'Spring Tips!' }, 'UTC', false);
    expect(newsletterDownload(output, topic, 'html', now)).toEqual({
      name: 'spring-tips-newsletter-2026-11-21-0930.html',
      content: '<h1>Spring Tips</h1><p>Clean gutters.</p>',
      mimeType: 'text/html',
    });
    const url = newsletterRequest(
      { ...initialNewsletterForm, mode: 'url', url: 'https://www.example.com/blog/spring-sale' },
      'UTC',
      false,
    );
    expect(newsletterDownload(output, url, 'txt', now)).toMatchObject({
      name: 'www.example.com-spring-sale-2026-11-21-0930.txt',
      content: 'Spring Tips\n\nClean gutters.',
    });
  });

  it('reads the generated HTML and refuses an empty result', () => {
    expect(readNewsletterOutput({ generatedHtml: '' })).toBeNull();
    expect(readNewsletterOutput({})).toBeNull();
  });

  it('keeps the metadata fields of 000 §3', () => {
    const body = newsletterRequest(
      { ...initialNewsletterForm, topic: 'Tips', prompt: 'Be brief' },
      'UTC',
      false,
    );
    expect(Object.keys(newsletterMetadata(body)).sort()).toEqual(
      ['includeHeader', 'includeTitle', 'inputType', 'model', 'prompt', 'topic', 'url'].sort(),
    );
  });
});
