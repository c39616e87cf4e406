import { describe, expect, it } from 'vitest';
import { textToHtmlParagraphs } from './content-edit';

describe('textToHtmlParagraphs', () => {
  it('makes paragraphs of blank-line blocks, line breaks inside them, and escapes markup', () => {
    expect(textToHtmlParagraphs('First line\nsecond line\r\n\r\n\n<b>Tom & "Jerry"</b>\n\n  ')).toBe(
      '<p>First line<br>second line</p>\n<p>&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;</p>',
    );
    expect(textToHtmlParagraphs('   ')).toBe('');
  });
});
