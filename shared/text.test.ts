import { describe, expect, it } from 'vitest';
import { clipText, countWords, decodeEntities, endSentence, htmlToText, withoutTrailingStops } from './text';

describe('countWords', () => {
  it('counts whitespace-separated tokens', () => {
    expect(countWords('one two  three\n\tfour')).toBe(4);
    expect(countWords('  leading and trailing  ')).toBe(3);
    expect(countWords("it's well-known: 3.5% — yes")).toBe(5);
  });

  it('is zero for empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#39; &#x2014; &copy;')).toBe(
      'Tom & Jerry <3 "hi" \'x\' — ©',
    );
  });

  it('decodes once, so escaped entities stay escaped', () => {
    expect(decodeEntities('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('leaves unknown or invalid references alone', () => {
    expect(decodeEntities('&bogus; &#xD800; & alone')).toBe('&bogus; &#xD800; & alone');
  });
});

describe('htmlToText', () => {
  it('removes head, styles and scripts with their content', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><script>alert(1)</script><p>Visible</p><style>.x{}</style></body></html>';
    expect(htmlToText(html)).toBe('Visible');
  });

  it('turns list items into bullets, one per line', () => {
    expect(
      htmlToText('<p>Intro</p><ul><li>First</li><li><strong>Second</strong> item</li></ul><p>After</p>'),
    ).toBe('Intro\n\n• First\n• Second item\n\nAfter');
  });

  it('keeps a bullet on the same line as a paragraph inside the item', () => {
    expect(htmlToText('<ol><li><p>Step one</p></li><li><p>Step two</p></li></ol>')).toBe(
      '• Step one\n\n• Step two',
    );
  });

  it('keeps headings, paragraphs and line breaks as newlines and collapses blank runs', () => {
    const html = '<h1>Title</h1>\n\n\n<p>Line one<br>Line two</p><div><div><p>Deep</p></div></div>';
    expect(htmlToText(html)).toBe('Title\n\nLine one\nLine two\n\nDeep');
  });

  it('decodes entities after removing tags, so text that looks like a tag survives', () => {
    expect(htmlToText('<p>5 &lt; 6 &amp;&amp; 7 &gt; 2&nbsp;&nbsp;ok</p>')).toBe('5 < 6 && 7 > 2 ok');
  });

  it('collapses inline whitespace and puts table cells apart', () => {
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toBe('a b\n\nc');
    expect(htmlToText('<p>  lots   of \t space </p>')).toBe('lots of space');
  });

  it('drops comments and self-closing or unclosed script tags', () => {
    expect(htmlToText('<!-- hidden --><p>Shown</p><script src="x.js"/>')).toBe('Shown');
  });

  it('returns plain text unchanged apart from trimming', () => {
    expect(htmlToText('  just text  ')).toBe('just text');
  });
});

describe('endSentence', () => {
  it('ends a sentence once, whatever the name it ends with', () => {
    expect(endSentence('Writing for Peak Roofing Co.')).toBe('Writing for Peak Roofing Co.');
    expect(endSentence('Writing for Acme Bakery')).toBe('Writing for Acme Bakery.');
    expect(endSentence('Signed in as "Dana!"')).toBe('Signed in as "Dana!"');
    expect(endSentence('  Sent to a@b.example  ')).toBe('Sent to a@b.example.');
  });
});

describe('clipText', () => {
  it('leaves short text alone and marks a cut with one ellipsis, never four dots', () => {
    expect(clipText('Short', 10)).toBe('Short');
    expect(clipText('A red barn at sunrise. Style: cinematic.', 22)).toBe('A red barn at sunrise...');
    expect(clipText('Wait for it... and more words here', 13)).toBe('Wait for it...');
    expect(clipText('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghij...');
  });
});

describe('withoutTrailingStops', () => {
  it('drops the full stops, ellipses and spaces text ends with', () => {
    expect(withoutTrailingStops('A red barn at sunrise. ')).toBe('A red barn at sunrise');
    expect(withoutTrailingStops('Wait…')).toBe('Wait');
  });
});
