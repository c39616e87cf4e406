import sanitize from 'sanitize-html';

/**
 * The one HTML sanitizer of the server: every AI-generated HTML and every HTML written through the API
 * goes through it before it is stored or returned. It keeps what marketing content needs (newsletters
 * are styled inline, so a vetted subset of inline CSS survives) and drops anything that can run code,
 * load a frame or leak a request.
 */

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
 * Elements whose whole content goes with them, not just the tag: code, styles, frames, the document
 * head (its <title> text is not content) and foreign markup (SVG and MathML can script and re-parse).
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'head',
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
];

const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;

/** What a browser sees once it ignores whitespace and control characters inside a URL. */
function normalisedUrl(url: string): string {
  return url.replace(/[\p{Cc}\s]+/gu, '').toLowerCase();
}

const transformImage: sanitize.Transformer = (tagName, attribs) => {
  const src = attribs.src;
  // The scheme filter lets every data: URL through for <img>; only raster image types may stay.
  if (src === undefined || !normalisedUrl(src).startsWith('data:') || DATA_IMAGE.test(src.trim())) {
    return { tagName, attribs };
  }
  const next = { ...attribs };
  delete next.src;
  return { tagName, attribs: next };
};

const LINK_TARGETS = ['_blank', '_self', '_parent', '_top'];

const transformLink: sanitize.Transformer = (tagName, attribs) => {
  if (attribs.target === undefined) return { tagName, attribs };
  const next = { ...attribs };
  const target = attribs.target.trim().toLowerCase();
  // Named windows let one page reuse another's tab; only the keywords stay.
  if (LINK_TARGETS.includes(target)) next.target = target;
  else delete next.target;
  // A new tab opened from stored content must not get a handle on the opener or the referring URL.
  if (target === '_blank') next.rel = 'noopener noreferrer';
  return { tagName, attribs: next };
};

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...BLOCKS, ...HEADINGS, ...INLINE, ...LISTS, ...TABLES, ...OTHER],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'title', 'dir', 'lang', 'align'],
    a: ['href', 'rel', { name: 'target', values: LINK_TARGETS }],
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
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  allowedStyles: { '*': ALLOWED_STYLES },
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  // Text outside <html>…</html> is still content when a model wraps only part of its answer.
  enforceHtmlBoundary: false,
  transformTags: { img: transformImage, a: transformLink },
};

/**
 * Returns `html` with everything outside the allow-list removed. A whole document comes back as the
 * content of its <body>; the <head> (title, styles, scripts) is dropped.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
