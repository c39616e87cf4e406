import { describe, expect, it } from 'vitest';
import { frameDocument } from './html-frame';

describe('frameDocument', () => {
  it('gives the generated preview a language and an escaped title for screen readers', () => {
    const doc = frameDocument('<p>Hi</p>', 'Newsletter for <Smith & Co>');
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<title>Newsletter for &lt;Smith &amp; Co&gt;</title>');
    expect(doc).toContain('<body><p>Hi</p></body>');
  });
});
