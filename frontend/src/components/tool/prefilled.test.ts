import { describe, expect, it } from 'vitest';
import { prefilled } from './prefilled';

describe('prefilled', () => {
  it('follows the prefill until edited, and keeps an edit (a restored form) over a new prefill', () => {
    expect(prefilled(null, 'https://acme.test')).toEqual({ value: 'https://acme.test', edited: false });
    expect(prefilled('https://acme.test/blog', 'https://acme.test')).toEqual({
      value: 'https://acme.test/blog',
      edited: true,
    });
    expect(prefilled('https://acme.test', 'https://acme.test').edited).toBe(false);
    expect(prefilled('', 'Default instructions')).toEqual({ value: '', edited: true });
  });
});
