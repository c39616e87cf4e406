import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkedMediaFile, safeMediaFileName } from './media-file';
import { svgProblem } from './svg-safety';

const svg = (body: string, attributes = '') =>
  new TextEncoder().encode(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${body}</svg>`,
  );

describe('svgProblem', () => {
  it('lets shapes, text, gradients, styles and links within the file through', () => {
    const logo = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient><style>.a{fill:url(#g)}</style></defs>' +
        '<g class="a"><rect width="10" height="10" style="fill:url(\'#g\')"/><use href="#r"/><use xlink:href="#r"/>' +
        '<text x="1" y="8">Café &amp; Bakery</text></g>',
    );
    expect(svgProblem(logo)).toBeNull();
  });

  it.each([
    ['<script>alert(1)</script>', 'a <script> element'],
    ['<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>', 'a <svg:script> element'],
    [
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      'a <foreignObject> element',
    ],
    ['<handler type="application/ecmascript">alert(1)</handler>', 'a <handler> element'],
    ['<rect onclick="alert(1)"/>', 'an event handler (onclick on <rect>)'],
    ['<rect ONLOAD="alert(1)"/>', 'an event handler (ONLOAD on <rect>)'],
    [
      '<a href="javascript:alert(1)"><text>x</text></a>',
      'a link to another file (href="javascript:alert(1)" on <a>)',
    ],
    [
      '<image href="data:image/svg+xml;base64,PHN2Zz4="/>',
      'a link to another file (href="data:image/svg+xml;base64,PHN2Zz4=" on <image>)',
    ],
    [
      '<use xlink:href="https://evil.example/sprite.svg#a"/>',
      'a link to another file (xlink:href="https://evil.example/sprite.svg#a" on <use>)',
    ],
    [
      '<a><animate attributeName="href" values="javascript:alert(1)"/></a>',
      'an animation that changes a link (<animate attributeName="href">)',
    ],
    [
      '<set attributeName="xlink:href" to="#x"/>',
      'an animation that changes a link (<set attributeName="xlink:href">)',
    ],
    ['<style>@import url(https://evil.example/x.css);</style>', 'a CSS @import'],
    [
      '<style><![CDATA[ rect { fill: url( "https://evil.example/x.svg#p" ) } ]]></style>',
      'a link to another file (url(https://evil.example/x.svg#p"))',
    ],
    [
      '<rect style="background:url(//evil.example/x.png)"/>',
      'a link to another file (url(//evil.example/x.png))',
    ],
    ['<rect fill="java&#x09;script:alert(1)"/>', 'a javascript: address'],
  ])('refuses %s', (body, reason) => {
    expect(svgProblem(svg(body))).toBe(reason);
  });

  it('refuses event handlers on the root, a DOCTYPE, a document that is not an SVG and text that is not UTF-8', () => {
    expect(svgProblem(svg('<rect/>', ' onload="alert(1)"'))).toBe('an event handler (onload on <svg>)');
    const withEntities = new TextEncoder().encode(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    );
    expect(svgProblem(withEntities)).toBe('a DOCTYPE declaration');
    expect(svgProblem(new TextEncoder().encode('<html><body>hi</body></html>'))).toBe(
      'no <svg> root element',
    );
    expect(svgProblem(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toBe('text that is not UTF-8');
  });
});

describe('safeMediaFileName', () => {
  it('keeps a plain name, and makes other characters safe', () => {
    expect(safeMediaFileName('storefront.png', 'image/png')).toBe('storefront.png');
    expect(safeMediaFileName('Photo.JPEG', 'image/jpeg')).toBe('Photo.jpeg');
    expect(safeMediaFileName('Café logo (final) v2.webp', 'image/webp')).toBe('Cafe-logo-final-v2.webp');
    expect(safeMediaFileName('..hidden.gif', 'image/gif')).toBe('hidden.gif');
    expect(safeMediaFileName('日本.png', 'image/png')).toBe('image.png');
  });

  it('adds the extension of the type when there is none', () => {
    expect(safeMediaFileName('logo', 'image/svg+xml')).toBe('logo.svg');
    expect(safeMediaFileName('shot', 'image/jpeg')).toBe('shot.jpg');
  });

  it('refuses folders and an extension of another type', () => {
    for (const name of ['../../evil.png', 'a/b.png', 'C:\\\\x\\\\y.png', 'x\u0000.png', '..']) {
      expect(() => safeMediaFileName(name, 'image/png'), name).toThrow(
        /must be a name only, without folders/,
      );
    }
    expect(() => safeMediaFileName('evil.php', 'image/png')).toThrow(
      'The file name "evil.php" ends in .php, which is not a PNG image: name it .png.',
    );
    expect(() => safeMediaFileName('logo.svg', 'image/png')).toThrow(/ends in \.svg/);
  });
});

describe('checkedMediaFile', () => {
  it('accepts each raster type whose bytes are that type', async () => {
    const image = sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } });
    const files = {
      'image/png': await image.clone().png().toBuffer(),
      'image/jpeg': await image.clone().jpeg().toBuffer(),
      'image/gif': await image.clone().gif().toBuffer(),
      'image/webp': await image.clone().webp().toBuffer(),
    };
    for (const [mimeType, bytes] of Object.entries(files)) {
      await expect(checkedMediaFile({ bytes, filename: 'pic', mimeType })).resolves.toMatchObject({
        mimeType,
      });
    }
    await expect(
      checkedMediaFile({ bytes: files['image/webp'], filename: 'pic.gif', mimeType: 'image/gif' }),
    ).rejects.toThrow('"pic.gif" is not a GIF image: its content is image/webp (.webp).');
  });
});
