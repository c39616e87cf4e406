import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document';

describe('previewDocument', () => {
  it('wraps a fragment in a page with a charset and base styles', () => {
    const doc = previewDocument('<h2>Hello</h2>');
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc).toContain('<body><h2>Hello</h2></body>');
  });

  it('leaves a full document untouched', () => {
    const full = '  <!DOCTYPE html><html><body>x</body></html>';
    expect(previewDocument(full)).toBe(full);
    expect(previewDocument('<html><body>y</body></html>')).toBe('<html><body>y</body></html>');
  });

  it('gives the frame document a language and a title, escaped', () => {
    const doc = previewDocument('<p>x</p>', 'Preview of <Smith & Co>');
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<title>Preview of &lt;Smith &amp; Co&gt;</title>');
  });
});
