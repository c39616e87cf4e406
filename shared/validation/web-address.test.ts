import { describe, expect, it } from 'vitest';
import { INVALID_URL_MESSAGE, isWebAddress, webAddressField, withDefaultScheme } from './web-address';
import * as z from './zod';

describe('isWebAddress', () => {
  it('accepts http and https addresses with a host', () => {
    for (const value of [
      'https://example.com',
      'http://example.com/blog/post?x=1#top',
      ' HTTPS://Example.com:8443/a ',
      'http://127.0.0.1:3000/',
      'https://[2001:db8::1]/',
    ]) {
      expect(isWebAddress(value), value).toBe(true);
    }
  });

  it('refuses other schemes, missing hosts, credentials and addresses over 2,048 characters', () => {
    for (const value of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'gopher://127.0.0.1:70/_GET',
      'data:text/html,<p>hi</p>',
      'ftp://example.com/file',
      'ws://example.com/',
      'http:example.com',
      'http://',
      'https:///path',
      'example.com',
      'not a url',
      'https://user:secret@example.com/',
      `https://example.com/${'a'.repeat(2_048)}`,
      '',
    ]) {
      expect(isWebAddress(value), value).toBe(false);
    }
    expect(isWebAddress(`https://example.com/${'a'.repeat(2_048 - 20)}`)).toBe(true);
  });
});

describe('webAddressField', () => {
  const schema = z.object({ url: webAddressField() });

  it('trims, defaults to empty, and names the problem with the spec wording', () => {
    expect(z.parse(schema, {})).toEqual({ url: '' });
    expect(z.parse(schema, { url: '  https://example.com/a ' })).toEqual({ url: 'https://example.com/a' });
    const refused = z.safeParse(schema, { url: 'javascript:alert(1)' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ message: INVALID_URL_MESSAGE, path: ['url'] });
  });
});

describe('withDefaultScheme', () => {
  it('reads a bare host as https and leaves any written scheme for the rule to judge', () => {
    expect(withDefaultScheme('bakery.example/blog')).toBe('https://bakery.example/blog');
    expect(withDefaultScheme(' http://bakery.example ')).toBe('http://bakery.example');
    expect(withDefaultScheme('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(withDefaultScheme('')).toBe('');
  });
});
