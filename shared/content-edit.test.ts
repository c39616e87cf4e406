import { describe, expect, it } from 'vitest';
import { reconcileContentEdit, textToHtmlParagraphs } from './content-edit';

const before = { content: 'Old text', html_content: '<h1>Title</h1><p>Old text</p>' };

describe('reconcileContentEdit', () => {
  it('rebuilds the HTML from an edited text', () => {
    expect(reconcileContentEdit(before, { content: 'New text', html_content: before.html_content })).toEqual({
      content: 'New text',
      html_content: '<p>New text</p>',
      htmlRebuilt: true,
    });
  });

  it('keeps the HTML when it was edited in the same save', () => {
    const edit = { content: 'New text', html_content: '<p>Hand-made</p>' };
    expect(reconcileContentEdit(before, edit)).toEqual({ ...edit, htmlRebuilt: false });
  });

  it('keeps both when only the HTML or nothing changed', () => {
    const htmlOnly = { content: before.content, html_content: '<p>Other</p>' };
    expect(reconcileContentEdit(before, htmlOnly)).toEqual({ ...htmlOnly, htmlRebuilt: false });
    expect(reconcileContentEdit(before, before)).toEqual({ ...before, htmlRebuilt: false });
  });
});

describe('textToHtmlParagraphs', () => {
  it('makes paragraphs of blank-line blocks, line breaks inside them, and escapes markup', () => {
    expect(textToHtmlParagraphs('First line\nsecond line\r\n\r\n\n<b>Tom & "Jerry"</b>\n\n  ')).toBe(
      '<p>First line<br>second line</p>\n<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;</p>',
    );
    expect(textToHtmlParagraphs('   ')).toBe('');
  });
});
