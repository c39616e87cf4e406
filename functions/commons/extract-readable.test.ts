import { describe, expect, it } from 'vitest';
import { extractReadable } from './extract-readable';

const ARTICLE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>How to Fix a Dripping Tap in Five Steps | Smith Plumbing</title>
  <meta property="og:site_name" content="Smith Plumbing">
  <meta property="og:title" content="How to Fix a Dripping Tap in Five Steps">
  <style>body { font-family: sans-serif; }</style>
  <script>window.dataLayer = []; function track() {}</script>
</head>
<body>
  <div id="cookie-banner" class="cookie-consent" role="dialog" aria-hidden="true">We use cookies. <button>Accept</button></div>
  <header class="site-header">
    <a class="logo" href="/">Smith Plumbing</a>
    <nav class="main-nav"><ul><li><a href="/">Home</a></li><li><a href="/services">Services</a></li><li><a href="/about">About Us</a></li><li><a href="/contact">Contact</a></li></ul></nav>
  </header>
  <div class="ad-banner advertisement sponsored"><a href="https://ads.example/click">Buy cheap watches now! Limited offer!</a></div>
  <main>
    <article class="post">
      <h1>How to Fix a Dripping Tap in Five Steps</h1>
      <p class="byline">By Jane Smith, March 3, 2024</p>
      <p>A dripping tap is more than an annoyance. A single tap dripping once per second wastes more than 11,000 litres of water a year, and that water shows up on your bill. The good news is that most drips are caused by a worn washer or O-ring, parts that cost a few dollars and take minutes to replace.</p>
      <p>Before you begin, find the isolation valve under the sink and turn the water off. If there is no isolation valve, turn off the main stop tap, usually found under the kitchen sink or where the water pipe enters the house.</p>
      <h2>What you will need</h2>
      <ul>
        <li>An adjustable spanner</li>
        <li>A flat-head screwdriver</li>
        <li>Replacement washers &amp; O-rings</li>
      </ul>
      <h2>Step 1: Remove the handle</h2>
      <p>Prise off the decorative cap on top of the handle with the screwdriver, then undo the screw underneath and lift the handle away. Keep the small parts in a cup so nothing disappears down the drain while you work.</p>
      <h2>Step 2: Replace the washer</h2>
      <p>Unscrew the headgear nut with the spanner, pull out the valve, and swap the old washer for a new one of the same size. Old washers are often flattened or cracked, which is exactly why water keeps seeping past them.<br>Tip: take the old washer to the shop to match it.</p>
      <blockquote>“Nine out of ten dripping taps we see are fixed with a new washer,” says our senior plumber.</blockquote>
      <p>Reassemble the tap in reverse order, turn the water back on and check for drips. If the tap still leaks, the valve seat may be damaged and it is time to call a professional.</p>
    </article>
  </main>
  <aside class="sidebar">
    <h3>Related posts</h3>
    <ul><li><a href="/blog/frozen-pipes">Preventing frozen pipes</a></li><li><a href="/blog/boilers">Choosing a boiler</a></li></ul>
    <div class="newsletter-signup"><form><input type="email" placeholder="Your e-mail"><button>Subscribe</button></form></div>
  </aside>
  <footer class="site-footer">
    <p>© 2024 Smith Plumbing. All rights reserved.</p>
    <p><a href="/privacy">Privacy policy</a> · <a href="/terms">Terms</a></p>
  </footer>
  <script src="/analytics.js"></script>
</body>
</html>`;

const HOME_PAGE = `<!DOCTYPE html>
<html>
<head>
  <title>Green Leaf Landscaping – Garden design in Springfield</title>
  <meta name="application-name" content="Green Leaf Landscaping">
</head>
<body>
  <header><div class="logo">Green Leaf</div><nav><a href="/">Home</a> <a href="/work">Our work</a> <a href="/quote">Get a quote</a></nav></header>
  <section class="hero"><h1>Beautiful gardens, built to last</h1><p>Family-run landscapers serving Springfield since 1998.</p></section>
  <section class="services">
    <h2>Our services</h2>
    <div class="card"><h3>Garden design</h3><p>Plans drawn for your space and budget.</p></div>
    <div class="card"><h3>Patios &amp; paving</h3><p>Stone, brick and porcelain.</p></div>
    <div class="card"><h3>Lawn care</h3><p>Seasonal mowing and feeding.</p></div>
  </section>
  <section class="contact"><h2>Visit us</h2><p>12 Elm Road<br>Springfield<br>Open Mon–Fri</p></section>
  <footer><p>Copyright Green Leaf Landscaping</p><nav><a href="/privacy">Privacy</a></nav></footer>
</body>
</html>`;

describe('extractReadable on an article page', () => {
  const source = extractReadable(ARTICLE_PAGE, 'https://smith.example/blog/dripping-tap');

  it('returns the article title without the site name, and the site name', () => {
    expect(source.url).toBe('https://smith.example/blog/dripping-tap');
    expect(source.title).toBe('How to Fix a Dripping Tap in Five Steps');
    expect(source.siteName).toBe('Smith Plumbing');
  });

  it('keeps the article text, paragraph by paragraph', () => {
    const paragraphs = source.text.split('\n\n');
    expect(paragraphs).toContain(
      'A dripping tap is more than an annoyance. A single tap dripping once per second wastes more than 11,000 litres of water a year, and that water shows up on your bill. The good news is that most drips are caused by a worn washer or O-ring, parts that cost a few dollars and take minutes to replace.',
    );
    expect(paragraphs).toContain(
      '“Nine out of ten dripping taps we see are fixed with a new washer,” says our senior plumber.',
    );
    expect(source.text).toContain(
      'which is exactly why water keeps seeping past them.\nTip: take the old washer',
    );
  });

  it('keeps headings and list items as paragraphs of their own, in order', () => {
    const paragraphs = source.text.split('\n\n');
    const at = (text: string) => paragraphs.indexOf(text);
    expect(at('What you will need')).toBeGreaterThan(-1);
    expect(at('An adjustable spanner')).toBe(at('What you will need') + 1);
    expect(at('A flat-head screwdriver')).toBe(at('What you will need') + 2);
    expect(at('Replacement washers & O-rings')).toBe(at('What you will need') + 3);
    expect(at('Step 1: Remove the handle')).toBe(at('What you will need') + 4);
    expect(at('Step 2: Replace the washer')).toBeGreaterThan(at('Step 1: Remove the handle'));
  });

  it('drops navigation, ads, sidebar, cookie banner, footer, scripts and styles', () => {
    for (const noise of [
      'About Us',
      'Buy cheap watches',
      'Related posts',
      'Preventing frozen pipes',
      'Subscribe',
      'We use cookies',
      'All rights reserved',
      'Privacy policy',
      'dataLayer',
      'font-family',
    ]) {
      expect(source.text).not.toContain(noise);
    }
  });

  it('separates paragraphs with exactly one blank line and no stray whitespace', () => {
    expect(source.text).not.toMatch(/\n{3,}/);
    expect(source.text).not.toMatch(/^\s|\s$/);
    for (const paragraph of source.text.split('\n\n')) {
      expect(paragraph).not.toMatch(/ {2,}|\t| \n|\n /);
    }
  });
});

describe('extractReadable on a page that is not an article', () => {
  const source = extractReadable(HOME_PAGE, 'https://greenleaf.example/');

  it('reads the body without its header and footer', () => {
    expect(source.text.split('\n\n')).toEqual([
      'Beautiful gardens, built to last',
      'Family-run landscapers serving Springfield since 1998.',
      'Our services',
      'Garden design',
      'Plans drawn for your space and budget.',
      'Patios & paving',
      'Stone, brick and porcelain.',
      'Lawn care',
      'Seasonal mowing and feeding.',
      'Visit us',
      '12 Elm Road\nSpringfield\nOpen Mon–Fri',
    ]);
  });

  it('takes the title from the document and the site name from its metadata', () => {
    expect(source.title).toBe('Green Leaf Landscaping – Garden design in Springfield');
    expect(source.siteName).toBe('Green Leaf Landscaping');
  });
});

describe('extractReadable fallbacks and details', () => {
  it('reads a bare fragment', () => {
    const source = extractReadable(
      '<h2>Opening hours</h2><p>Mon&nbsp;to&nbsp;Fri, 9–5</p>',
      'https://x.example/hours',
    );
    expect(source.text).toBe('Opening hours\n\nMon to Fri, 9–5');
    expect(source.siteName).toBeNull();
  });

  it('falls back to og:title, then the first heading, then the host name for a title', () => {
    expect(
      extractReadable(
        '<html><head><meta property="og:title" content="OG title"></head><body><p>x</p></body></html>',
        'https://a.example/',
      ).title,
    ).toBe('OG title');
    expect(extractReadable('<body><h1>Heading  title</h1><p>x</p></body>', 'https://a.example/').title).toBe(
      'Heading title',
    );
    expect(extractReadable('<body><p>x</p></body>', 'https://a.example/page').title).toBe('a.example');
  });

  it('returns no text for a page without any', () => {
    const source = extractReadable(
      '<html><head><title>Empty</title></head><body><script>x()</script></body></html>',
      'https://e.example/',
    );
    expect(source).toEqual({ url: 'https://e.example/', title: 'Empty', text: '', siteName: null });
  });

  it('keeps preformatted text as it is and keeps table cells apart', () => {
    const source = extractReadable(
      '<body><pre>line one\n  indented line</pre><table><tr><td>Service</td><td>Price</td></tr><tr><td>Repair</td><td>$99</td></tr></table></body>',
      'https://t.example/',
    );
    expect(source.text).toBe('line one\n  indented line\n\nService Price\n\nRepair $99');
  });

  it('still reads a page that is all header and footer', () => {
    const source = extractReadable(
      '<body><header><h1>Coming soon</h1></header><footer>Call 555-0100</footer></body>',
      'https://soon.example/',
    );
    expect(source.text).toBe('Coming soon\n\nCall 555-0100');
  });
});
