import { describe, expect, it } from 'vitest';
import {
  initialMultiPlatformForm,
  partialItems,
  progressText,
  saveBody,
  summaryToast,
  validateMultiPlatform,
  withType,
} from './multi-platform-form';

describe('multi-platform form', () => {
  it('asks for types, a prompt, a blog URL and a client to save to, with the spec wording', () => {
    expect(validateMultiPlatform({ ...initialMultiPlatformForm, types: [] })?.title).toBe(
      'No Content Types Selected',
    );
    expect(validateMultiPlatform(initialMultiPlatformForm)?.title).toBe('Missing Prompt');
    const blogOnly = withType({ ...initialMultiPlatformForm, types: [] }, 'blog-rewrite', true);
    expect(validateMultiPlatform(blogOnly)?.title).toBe('Missing Blog URL');
    expect(
      validateMultiPlatform({ ...blogOnly, blogUrl: 'https://x.example', saveToClient: true })?.title,
    ).toBe('Select a client');
  });

  it('refuses a blog URL that is not a web address, at the field, with the spec wording', () => {
    const blogOnly = withType({ ...initialMultiPlatformForm, types: [] }, 'blog-rewrite', true);
    for (const blogUrl of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://x.example/post']) {
      expect(validateMultiPlatform({ ...blogOnly, blogUrl })).toEqual({
        field: 'blogUrl',
        title: 'Please enter a valid URL',
      });
    }
  });

  it('names the field at fault, where the problem is shown besides the toast', () => {
    const blogOnly = withType({ ...initialMultiPlatformForm, types: [] }, 'blog-rewrite', true);
    expect(validateMultiPlatform({ ...initialMultiPlatformForm, types: [] })?.field).toBe('types');
    expect(validateMultiPlatform(initialMultiPlatformForm)?.field).toBe('prompt');
    expect(validateMultiPlatform(blogOnly)?.field).toBe('blogUrl');
    expect(
      validateMultiPlatform({ ...blogOnly, blogUrl: 'https://x.example', saveToClient: true })?.field,
    ).toBe('clientId');
  });

  it('summarises and counts progress', () => {
    const ok = { type: 'faq' as const, content: 'x', success: true };
    expect(summaryToast({ items: [ok, ok] }).title).toBe('Content Generated Successfully');
    expect(summaryToast({ items: [ok, { ...ok, success: false }] })).toEqual({
      title: 'Content Generation Complete',
      description: '1 of 2 items generated successfully.',
    });
    expect(progressText(50, 4)).toBe('Generated 2 of 4 items...');
  });

  it('counts one item in the singular', () => {
    const ok = { type: 'faq' as const, content: 'x', success: true };
    expect(summaryToast({ items: [ok] }).description).toBe('1 item generated.');
    expect(summaryToast({ items: [ok, ok] }).description).toBe('2 items generated.');
    expect(summaryToast({ items: [{ ...ok, success: false }] }).description).toBe(
      '0 of 1 item generated successfully.',
    );
    expect(progressText(0, 1)).toBe('Generated 0 of 1 item...');
  });

  it('saves blog rewrite as blog and social as client_content with the §3 metadata', () => {
    const now = new Date('2026-11-21T15:30:00Z');
    const request = { prompt: 'Open house', tone: 'friendly' as const, model: 'gpt-4.1-2025-04-14' as const };
    expect(
      saveBody({ type: 'blog-rewrite', content: 'x', success: true }, request, now, 'UTC').content_type,
    ).toBe('blog');
    const social = saveBody(
      { type: 'social', platform: 'twitter', content: 'x', success: true },
      request,
      now,
      'UTC',
    );
    expect(social.content_type).toBe('client_content');
    expect(social.title).toBe('Social Content - X - Nov 21, 2026, 3:30 PM');
    expect(social.metadata).toMatchObject({
      platform: 'twitter',
      tone: 'friendly',
      multi_platform_creator: true,
    });
  });

  it('reads the items that arrived so far from the run text', () => {
    expect(partialItems('')).toEqual([]);
    expect(partialItems('not json')).toEqual([]);
    expect(partialItems('{"items":[{"type":"faq","content":"x","success":true}]}')).toHaveLength(1);
  });
});
