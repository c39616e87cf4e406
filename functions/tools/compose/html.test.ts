import { describe, expect, it } from 'vitest';
import { element, escapeHtml, link, list, telHref, wrap } from './html';

describe('html builders', () => {
  it('escapes text and attribute values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(element('p', '<script>', 'color:#111')).toBe('<p style="color:#111">&lt;script&gt;</p>');
    expect(wrap('div', '<b>ok</b>')).toBe('<div><b>ok</b></div>');
    expect(link('https://x.io/?a=1&b="2"', 'Go')).toBe(
      '<a href="https://x.io/?a=1&amp;b=&quot;2&quot;">Go</a>',
    );
  });

  it('builds lists and tel links', () => {
    expect(list(['a', 'b<'], true)).toBe('<ol><li>a</li><li>b&lt;</li></ol>');
    expect(telHref('(512) 555-0134')).toBe('tel:5125550134');
    expect(telHref('+1 512 555 0134')).toBe('tel:+15125550134');
  });
});
