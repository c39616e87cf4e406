import { FilterCSS } from 'cssfilter';
import type * as XssExports from 'xss';
import xssModule from 'xss';

/**
 * The one HTML sanitizer of the server: every AI-generated HTML and every HTML written through the API
 * goes through it before it is stored or returned. It keeps what marketing content needs (newsletters
 * are styled inline, so a vetted subset of inline CSS survives) and drops anything that can run code,
 * load a frame or leak a request.
 *
 * Built on js-xss (`xss`) and its CSS filter (`cssfilter`): xss tokenizes tags and attributes, strips
 * comments, escapes text and attribute values, cssfilter splits declarations; the hooks below hold the
 * allow-list (docs/decisions.md, "The sanitizer is js-xss"). What comes out is rebuilt from the
 * allow-list only: every other `<` and `>` is escaped, every attribute value quoted and escaped.
 */

/** xss is CommonJS: its helpers are on `module.exports`, where Node's ESM interop does not see them by name. */
const xss = xssModule as unknown as typeof XssExports;

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const LENGTH = `(?:${NUMBER}(?:px|em|rem|%|pt|pc|cm|mm|in|ex|ch|vw|vh|vmin|vmax)?|auto)`;
// Only colour functions may carry parentheses: that is what keeps url(), expression() and image-set() out.
const COLOUR = String.raw`(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([\d\s.,%/+-]+\)|[a-z]+)`;
const KEYWORD = '[a-z]+(?:-[a-z]+)*';
const GLOBAL_KEYWORD = '(?:inherit|initial|unset|revert)';

/** 1 to `max` whitespace-separated tokens, each matching one of `tokens`, and nothing else. */
function tokens(max: number, ...alternatives: string[]): RegExp {
  const token = `(?:${alternatives.join('|')})`;
  return new RegExp(`^(?:${token}(?:\\s+${token}){0,${max - 1}}|${GLOBAL_KEYWORD})$`, 'i');
}

const one = (...alternatives: string[]): RegExp => tokens(1, ...alternatives);
const keywords = (...words: string[]): RegExp => one(...words);

const colour = [one(COLOUR)];
const box = [tokens(4, LENGTH)];
const size = [one(LENGTH, 'none', 'max-content', 'min-content', 'fit-content')];
const border = [tokens(4, LENGTH, COLOUR, KEYWORD)];
// Font families and the font shorthand are free text; without `(`, `\` or `:` no function or escape can hide in them.
const fontText = [/^[a-z0-9\s,'"./%#+-]+$/i];

function sides(property: string, rule: RegExp[]): Record<string, RegExp[]> {
  return Object.fromEntries(
    ['', '-top', '-right', '-bottom', '-left'].map((side) => [`${property}${side}`, rule] as const),
  );
}

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: colour,
  'background-color': colour,
  background: [tokens(4, COLOUR, LENGTH, KEYWORD)],
  font: fontText,
  'font-family': fontText,
  'font-size': [one(LENGTH, KEYWORD)],
  'font-weight': [one('normal', 'bold', 'bolder', 'lighter', String.raw`\d{3}`)],
  'font-style': [keywords('normal', 'italic', 'oblique')],
  'font-variant': [one(KEYWORD)],
  'text-align': [keywords('left', 'right', 'center', 'justify', 'start', 'end')],
  'text-decoration': [tokens(4, KEYWORD, COLOUR, LENGTH)],
  'text-transform': [keywords('none', 'uppercase', 'lowercase', 'capitalize')],
  'text-indent': [one(LENGTH)],
  'vertical-align': [one(LENGTH, KEYWORD)],
  'white-space': [one(KEYWORD)],
  'letter-spacing': [one(LENGTH, 'normal')],
  'word-spacing': [one(LENGTH, 'normal')],
  'line-height': [one(LENGTH, 'normal')],
  ...sides('padding', box),
  ...sides('margin', box),
  ...sides('border', border),
  'border-color': [tokens(4, COLOUR)],
  'border-width': [tokens(4, LENGTH, 'thin', 'medium', 'thick')],
  'border-style': [tokens(4, KEYWORD)],
  'border-radius': [/^[\d\s.%a-z/+-]+$/i],
  'border-collapse': [keywords('collapse', 'separate')],
  'border-spacing': [tokens(2, LENGTH)],
  width: size,
  'max-width': size,
  'min-width': size,
  height: size,
  'max-height': size,
  'min-height': size,
  display: [one(KEYWORD)],
  float: [keywords('left', 'right', 'none')],
  clear: [keywords('left', 'right', 'both', 'none')],
  overflow: [tokens(2, KEYWORD)],
  'box-sizing': [keywords('border-box', 'content-box')],
  opacity: [one(NUMBER)],
  'list-style': [tokens(3, KEYWORD)],
  'list-style-type': [one(KEYWORD)],
  'list-style-position': [keywords('inside', 'outside')],
  'table-layout': [keywords('auto', 'fixed')],
};

const BLOCKS = ['p', 'div', 'span', 'section', 'header', 'footer', 'article', 'main', 'aside', 'nav'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const INLINE = [
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'sub',
  'sup',
  'code',
  'abbr',
  'cite',
  'q',
];
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLES = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'];
const OTHER = ['a', 'img', 'blockquote', 'hr', 'br', 'figure', 'figcaption', 'pre', 'center'];

const TABLE_ATTRIBUTES = [
  'width',
  'height',
  'align',
  'valign',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'colspan',
  'rowspan',
  'scope',
];

/**
 * Elements whose whole content goes with them, not just the tag: code, styles, frames, the document's
 * <title> (the rest of a <head> is these and void elements) and foreign markup (SVG and MathML can
 * script and re-parse).
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'title',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'option',
  'button',
  'xmp',
  'svg',
  'math',
]);

/** Attributes every allowed element may carry; the elements' own are in ELEMENT_ATTRIBUTES. */
const GLOBAL_ATTRIBUTES = ['style', 'class', 'id', 'title', 'dir', 'lang', 'align'];

const LINK_TARGETS = ['_blank', '_self', '_parent', '_top'];

const ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start', 'type', 'reversed'],
  li: ['value'],
  blockquote: ['cite'],
  q: ['cite'],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  ...Object.fromEntries(
    ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'].map((tag) => [tag, TABLE_ATTRIBUTES]),
  ),
};

const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  ...BLOCKS,
  ...HEADINGS,
  ...INLINE,
  ...LISTS,
  ...TABLES,
  ...OTHER,
]);

/** Allowed elements that have no content and no end tag; the first three are written `<br />`. */
const VOID_TAGS: ReadonlySet<string> = new Set(['img', 'br', 'hr', 'col']);
const SELF_CLOSED_TAGS: ReadonlySet<string> = new Set(['img', 'br', 'hr']);
/** HTML's void elements: one never opens a dropped region (`<embed>` has no `</embed>`). */
const HTML_VOID_TAGS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content a browser reads as text up to the first end tag: they do not nest. */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
/** Foreign elements, for which `<svg/>` closes itself as it does in a browser. */
const FOREIGN_TAGS: ReadonlySet<string> = new Set(['svg', 'math']);

/** Attributes holding a URL, and the schemes allowed in them (relative and `//host` URLs always are). */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'cite']);
const SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https', 'data'];

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;

/** What a browser sees once it ignores whitespace and control characters inside a URL. */
function normalisedUrl(url: string): string {
  return url.replace(/[\p{Cc}\s]+/gu, '').toLowerCase();
}

/**
 * Whether a URL attribute's value (entities decoded as xss decodes them) may stay. xss decodes numeric
 * references and `&colon;` once and writes the result out, where the browser decodes again: so a value
 * whose part before its first `/`, `?` or `#` still holds a `&` is refused, since decoding could still
 * turn that part into a scheme (`javascript&#38;#58;…`). Otherwise the scheme is read as a browser reads
 * it, ignoring whitespace and control characters (more of them than a browser ignores, which can
 * only refuse more).
 */
function allowedUrl(value: string, schemes: readonly string[]): boolean {
  const compact = normalisedUrl(value);
  const beforePath = compact.split(/[/?#]/, 1)[0] ?? '';
  if (beforePath.includes('&')) return false;
  const scheme = /^([a-z][a-z0-9.+-]*):/.exec(compact)?.[1];
  return scheme === undefined || schemes.includes(scheme);
}

const IMPORTANT = /\s*!\s*important$/i;

/** Each allowed property's check, for cssfilter (which looks properties up by name: no prototype). */
const STYLE_CHECKS: Record<string, (value: string) => boolean> = Object.assign(
  Object.create(null),
  Object.fromEntries(
    Object.entries(ALLOWED_STYLES).map(([property, rules]) => [
      property,
      (value: string) => {
        const declared = value.replace(IMPORTANT, '');
        return rules.some((rule) => rule.test(declared));
      },
    ]),
  ),
);

/** The allowed declarations of a style attribute, written `property:value` and joined by `;`. */
function filterStyle(style: string): string {
  const kept: string[] = [];
  new FilterCSS({
    whiteList: STYLE_CHECKS,
    onAttr: (property: string, value: string) => {
      const important = IMPORTANT.test(value);
      kept.push(`${property}:${value.replace(IMPORTANT, '')}${important ? ' !important' : ''}`);
      return '';
    },
  }).process(style);
  return kept.join(';');
}

/** The element's attributes as written, each once (the first wins, as in a browser), values not yet decoded. */
function attributesOf(tagHtml: string, name: string): Map<string, string> {
  const text = tagHtml
    .slice(1 + name.length)
    .replace(/>$/, '')
    .replace(/\/\s*$/, '')
    .trim();
  const attributes = new Map<string, string>();
  xss.parseAttr(text, (attribute, value) => {
    if (!attributes.has(attribute)) attributes.set(attribute, value);
    return '';
  });
  return attributes;
}

/** The allowed attributes of an allowed element, values decoded, checked and ready to escape. */
function allowedAttributes(tag: string, written: Map<string, string>): Map<string, string> {
  const allowed = new Set([...GLOBAL_ATTRIBUTES, ...(ELEMENT_ATTRIBUTES[tag] ?? [])]);
  const kept = new Map<string, string>();
  for (const [attribute, raw] of written) {
    if (!allowed.has(attribute)) continue;
    const value = xss.friendlyAttrValue(raw);
    if (attribute === 'style') {
      const style = filterStyle(value);
      if (style) kept.set(attribute, style);
    } else if (URL_ATTRIBUTES.has(attribute)) {
      if (allowedUrl(value, tag === 'img' ? IMAGE_SCHEMES : SCHEMES)) kept.set(attribute, value);
    } else {
      kept.set(attribute, value);
    }
  }
  if (tag === 'img') keepRasterDataImages(kept);
  if (tag === 'a') keepLinkTargets(kept);
  return kept;
}

/** The scheme check lets every data: URL through for <img>; only raster image types may stay. */
function keepRasterDataImages(attributes: Map<string, string>): void {
  const src = attributes.get('src');
  if (src !== undefined && normalisedUrl(src).startsWith('data:') && !DATA_IMAGE.test(src.trim())) {
    attributes.delete('src');
  }
}

function keepLinkTargets(attributes: Map<string, string>): void {
  const written = attributes.get('target');
  if (written === undefined) return;
  const target = written.trim().toLowerCase();
  // Named windows let one page reuse another's tab; only the keywords stay.
  if (LINK_TARGETS.includes(target)) attributes.set('target', target);
  else attributes.delete('target');
  // A new tab opened from stored content must not get a handle on the opener or the referring URL.
  if (target === '_blank') attributes.set('rel', 'noopener noreferrer');
}

function startTag(tag: string, attributes: Map<string, string>): string {
  const written = [...attributes].map(([name, value]) => ` ${name}="${xss.escapeAttrValue(value)}"`);
  return `<${tag}${written.join('')}${SELF_CLOSED_TAGS.has(tag) ? ' />' : '>'}`;
}

/**
 * What xss took for a tag, as a browser reads it: a start or end tag and its name, markup a browser
 * never shows (`<!…>`, `<?…>`, `</ …>`), or text (`a < b`: a `<` not followed by a letter).
 */
function readTag(tagHtml: string): { name: string; closing: boolean } | 'hidden' | 'text' {
  const tag = /^<(\/?)([a-z][^\s/>]*)/i.exec(tagHtml);
  if (tag) return { name: (tag[2] ?? '').toLowerCase(), closing: tag[1] === '/' };
  return /^<[!?/]/.test(tagHtml) ? 'hidden' : 'text';
}

/**
 * Returns `html` with everything outside the allow-list removed. A whole document comes back as the
 * content of its <body>; what its <head> holds (title, styles, scripts, metadata) is dropped. Elements
 * left open are closed at the end and end tags that close nothing are dropped, so stored HTML (a
 * truncated answer, say) cannot leave a WordPress theme's elements open or closed early.
 */
export function sanitizeHtml(html: string): string {
  // The element being dropped with its content, and how deep the same element nests inside itself.
  let dropping: { name: string; depth: number } | null = null;
  // Allowed elements written and not yet closed, innermost last.
  const open: string[] = [];
  const filter = new xss.FilterXSS({
    css: false,
    // Text between tags: dropped inside a dropped element, else `<` and `>` escaped.
    escapeHtml: (text) => (dropping ? '' : xss.escapeHtml(text)),
    onTag: (_xssName, tagHtml) => {
      const read = readTag(tagHtml);
      if (read === 'text') return dropping ? '' : xss.escapeHtml(tagHtml);
      if (read === 'hidden') return '';
      const { name, closing } = read;
      const selfClosed = FOREIGN_TAGS.has(name) && /\/\s*>?$/.test(tagHtml);
      if (dropping) {
        const nests = !closing && !selfClosed && !RAW_TEXT_TAGS.has(name);
        if (name === dropping.name && (closing || nests)) dropping.depth += closing ? -1 : 1;
        if (dropping.depth === 0) dropping = null;
        return '';
      }
      if (!closing && DROPPED_WITH_CONTENT.has(name) && !HTML_VOID_TAGS.has(name) && !selfClosed) {
        dropping = { name, depth: 1 };
        return '';
      }
      if (!ALLOWED_TAGS.has(name) || (closing && VOID_TAGS.has(name))) return '';
      if (closing) return closeUpTo(open, name);
      if (!VOID_TAGS.has(name)) open.push(name);
      return startTag(name, allowedAttributes(name, attributesOf(tagHtml, name)));
    },
  });
  const sanitized = filter.process(html);
  return `${sanitized}${closeUpTo(open, open[0])}`.trim();
}

/** End tags for the open elements down to the innermost `name` (none when it is not open). */
function closeUpTo(open: string[], name: string | undefined): string {
  const index = name === undefined ? -1 : open.lastIndexOf(name);
  if (index === -1) return '';
  return open
    .splice(index)
    .reverse()
    .map((element) => `</${element}>`)
    .join('');
}
