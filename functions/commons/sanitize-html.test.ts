import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml: hostile payloads', () => {
  it('drops <script> with its content', () => {
    const out = sanitizeHtml('<p>Hello</p><script>alert(1)</script><p>World</p>');
    expect(out).toBe('<p>Hello</p><p>World</p>');
  });

  it('drops event handler attributes and keeps the image', () => {
    const out = sanitizeHtml('<img src=x onerror=alert(1)><p onclick="steal()" onmouseover=x>Hi</p>');
    expect(out).toBe('<img src="x" /><p>Hi</p>');
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<a href=" java\tscript:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="VBScript&#58;msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    // Encoded twice: decoded once by the sanitizer, the browser would decode the rest (js-xss).
    '<a href="javascript&#38;#58;alert(1)">x</a>',
    '<a href="&#38;#106;avascript:alert(1)">x</a>',
    '<a href="&Tab;javascript:alert(1)">x</a>',
    '<a href="java&NewLine;script:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)" href="https://example.com">x</a>',
  ])('removes the dangerous href of %s', (payload) => {
    expect(sanitizeHtml(payload)).toBe('<a>x</a>');
  });

  it.each([
    '<img src="javascript:alert(1)">',
    '<img src="data:text/html,<script>alert(1)</script>">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="DaTa&colon;image/svg+xml,<svg onload=alert(1)>">',
  ])('removes the dangerous src of %s', (payload) => {
    expect(sanitizeHtml(payload)).toBe('<img />');
  });

  it('drops <iframe>, <object>, <embed>, <form> and srcdoc', () => {
    const out = sanitizeHtml(
      '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>">fallback</iframe>' +
        '<object data="x.swf">fallback</object><embed src="x.swf">' +
        '<form action="https://evil.example"><input name="a"><button>Send</button></form><p>kept</p>',
    );
    expect(out).toBe('<p>kept</p>');
  });

  it('drops SVG with its scripts and handlers', () => {
    const out = sanitizeHtml(
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(2)"><text>t</text></a></svg>' +
        '<svg onload=alert(3)></svg><math><mi>x</mi></math><p>ok</p>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it.each([
    'background:url(javascript:alert(1))',
    'background: URL("https://evil.example/track.gif")',
    'background-color: expression(alert(1))',
    'background:u\\72l(https://evil.example/x)',
    'color: red; background-image: url(https://evil.example/x)',
    '-moz-binding: url(https://evil.example/xbl)',
    'behavior: url(x.htc)',
    'font-family: "a" url(https://evil.example/font)',
    'list-style: url(https://evil.example/x)',
  ])('removes the dangerous declaration in style="%s"', (style) => {
    const out = sanitizeHtml(`<p style='${style}'>x</p>`);
    expect(out).not.toMatch(/url|expression|binding|behavior|\\/i);
    expect(out).toMatch(/^<p( style="color:red")?>x<\/p>$/);
  });

  it('drops <style> blocks with their rules, also inside the head', () => {
    const out = sanitizeHtml(
      '<style>body{background:url(https://evil.example/x)}</style><p>a</p><STYLE>@import "x.css";</STYLE>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('keeps body content and drops the head of a whole document', () => {
    const out = sanitizeHtml(
      '<!DOCTYPE html><html><head><title>Secret title</title><meta charset="utf-8">' +
        '<link rel="stylesheet" href="x.css"><script>alert(1)</script></head>' +
        '<body onload="alert(2)"><h1>Title</h1><p>Body</p></body></html>',
    );
    expect(out).toBe('<h1>Title</h1><p>Body</p>');
  });

  it('keeps a < that starts no tag as text, as a browser does', () => {
    expect(sanitizeHtml('<p>1 < 2 and 3 > 2</p>')).toBe('<p>1 &lt; 2 and 3 &gt; 2</p>');
  });

  it('drops only the element of a void or self-closed foreign tag, not what follows', () => {
    expect(sanitizeHtml('<embed src="x.swf"><p>a</p><svg/><p>b</p><math /><p>c</p>')).toBe(
      '<p>a</p><p>b</p><p>c</p>',
    );
  });

  it('ends a script at its first end tag and nested SVG at its own', () => {
    expect(sanitizeHtml('<script>s = "<script>"</script><p>a</p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<svg><svg><a>x</a></svg><a>y</a></svg><p>b</p>')).toBe('<p>b</p>');
  });

  it('drops a tag name hidden behind a slash with its content', () => {
    expect(sanitizeHtml('<script/src="x">alert(1)</script><p>a</p>')).toBe('<p>a</p>');
  });

  it('closes elements left open and drops end tags that close nothing', () => {
    expect(sanitizeHtml('</div><div><p>Cut <strong>off')).toBe('<div><p>Cut <strong>off</strong></p></div>');
    expect(sanitizeHtml('<ul><li>a</ul></li></p>')).toBe('<ul><li>a</li></ul>');
  });

  it('escapes markup that arrives as text', () => {
    const out = sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(out).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('drops base, meta refresh and link tags', () => {
    const out = sanitizeHtml(
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">' +
        '<link rel="import" href="x"><p>x</p>',
    );
    expect(out).toBe('<p>x</p>');
  });
  it.each([
    '<p title="</p><script>alert(1)</script>">x</p>',
    '<<script>script>alert(1)<</script>/script>',
    '<scr<script>ipt>alert(1)</script>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    '<div style="width: expression(alert(1))">x</div>',
  ])('leaves no live markup from the mutation payload %s', (payload) => {
    const out = sanitizeHtml(payload);
    expect(out).not.toMatch(/<script|<img[^>]*onerror|javascript:|expression\(/i);
    expect(sanitizeHtml(out)).toBe(out);
  });
});

describe('sanitizeHtml: links and images', () => {
  it('adds rel="noopener noreferrer" to links opening a new tab, replacing any rel', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_BLANK" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps http, https, mailto, tel and relative links', () => {
    const links = [
      'http://example.com/a',
      'https://example.com/b?c=d&amp;e=f',
      'mailto:hello@example.com',
      'tel:+15551234567',
      '/contact',
      '#faq',
    ];
    for (const href of links) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it('refuses other link schemes', () => {
    for (const href of ['ftp://example.com/f', 'file:///etc/passwd', 'sms:123', 'blob:https://x/1']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('drops target values that are not browsing-context keywords', () => {
    expect(sanitizeHtml('<a href="/x" target="evilwindow">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps raster data images and http(s) images', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    for (const src of [
      png,
      'data:image/webp;base64,UklGRg==',
      'https://cdn.example.com/a.jpg',
      'http://x.example/b.gif',
    ]) {
      expect(sanitizeHtml(`<img src="${src}" alt="a">`)).toBe(`<img src="${src}" alt="a" />`);
    }
  });
});

describe('sanitizeHtml: marketing content', () => {
  const newsletter = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Spring news</title>
<style>.x{color:red}</style></head>
<body style="margin:0">
<div style="max-width: 600px; margin: 0 auto; font-family: 'Helvetica Neue', Arial, sans-serif; background-color: #ffffff;">
  <header style="background: #1a73e8; color: #fff; padding: 24px 16px; text-align: center;">
    <h1 style="margin: 0; font-size: 28px; line-height: 1.2;">Spring at Smith Plumbing</h1>
  </header>
  <section style="padding: 16px; border: 1px solid rgb(221, 221, 221); border-radius: 8px;">
    <h2 style="color: #1a73e8;">Save water this season</h2>
    <p style="color:#333333;line-height:1.6">Dripping taps waste <strong>thousands</strong> of litres a year.</p>
    <ul style="padding-left: 20px;"><li>Check washers</li><li><em>Insulate</em> pipes</li></ul>
    <table width="100%" cellpadding="8" style="border-collapse: collapse;">
      <tr><th style="text-align:left;background-color:rgba(26,115,232,0.1)">Service</th><td align="right">$99</td></tr>
    </table>
    <blockquote style="border-left: 4px solid #1a73e8; margin: 16px 0; padding-left: 12px;">Great service!</blockquote>
    <figure><img src="https://cdn.example.com/team.jpg" alt="Our team" width="560" style="width:100%;height:auto"><figcaption>Our team</figcaption></figure>
    <p style="text-align: center;"><a href="https://smith.example/contact" target="_blank" style="display:inline-block;background-color:#ff6600;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold">Contact us</a></p>
  </section>
  <hr style="border: none; border-top: 1px solid #eeeeee;">
  <footer style="font-size: 12px; color: hsl(0, 0%, 50%);">Smith Plumbing<br>123 Main St</footer>
</div>
</body></html>`;

  it('keeps the structure and the inline colours of a styled newsletter', () => {
    const out = sanitizeHtml(newsletter);
    expect(out).not.toMatch(/<(html|head|body|title|meta|style)\b/);
    expect(out).not.toContain('Spring news');
    expect(out).toContain(
      `<div style="max-width:600px;margin:0 auto;font-family:'Helvetica Neue', Arial, sans-serif;background-color:#ffffff">`,
    );
    expect(out).toContain(
      '<header style="background:#1a73e8;color:#fff;padding:24px 16px;text-align:center">',
    );
    expect(out).toContain(
      '<h1 style="margin:0;font-size:28px;line-height:1.2">Spring at Smith Plumbing</h1>',
    );
    expect(out).toContain(
      '<section style="padding:16px;border:1px solid rgb(221, 221, 221);border-radius:8px">',
    );
    expect(out).toContain(
      '<p style="color:#333333;line-height:1.6">Dripping taps waste <strong>thousands</strong>',
    );
    expect(out).toContain(
      '<ul style="padding-left:20px"><li>Check washers</li><li><em>Insulate</em> pipes</li></ul>',
    );
    expect(out).toContain('<table width="100%" cellpadding="8" style="border-collapse:collapse">');
    expect(out).toContain('<th style="text-align:left;background-color:rgba(26,115,232,0.1)">Service</th>');
    expect(out).toContain('<td align="right">$99</td>');
    expect(out).toContain(
      '<blockquote style="border-left:4px solid #1a73e8;margin:16px 0;padding-left:12px">Great service!</blockquote>',
    );
    expect(out).toContain(
      '<figure><img src="https://cdn.example.com/team.jpg" alt="Our team" width="560" style="width:100%;height:auto" /><figcaption>Our team</figcaption></figure>',
    );
    expect(out).toContain(
      '<a href="https://smith.example/contact" target="_blank" style="display:inline-block;background-color:#ff6600;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold" rel="noopener noreferrer">Contact us</a>',
    );
    expect(out).toContain('<hr style="border:none;border-top:1px solid #eeeeee" />');
    expect(out).toContain(
      '<footer style="font-size:12px;color:hsl(0, 0%, 50%)">Smith Plumbing<br />123 Main St</footer>',
    );
  });

  it('is idempotent on its own output', () => {
    const once = sanitizeHtml(newsletter);
    expect(sanitizeHtml(once)).toBe(once);
  });

  it('keeps !important on an allowed declaration and drops unknown properties', () => {
    expect(sanitizeHtml('<p style="color: red !important; position: fixed; z-index: 9999">x</p>')).toBe(
      '<p style="color:red !important">x</p>',
    );
  });
});
