/**
 * Text helpers of spec 000 §9, shared by the browser (word counts, Text tabs, downloads) and the
 * functions (saved `content`, metadata word counts). Pure string work: no DOM, so it runs in Node too.
 */

/** Word count of spec 000 §9: the number of whitespace-separated tokens. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
};

/** Decodes named (common ones), decimal and hexadecimal character references in one pass, so `&amp;lt;` stays `&lt;`. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/giu, (match, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid =
        Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/** Elements whose start and end break the Text view's lines (`li` and `br` are handled on their own). */
export const TEXT_BLOCK_TAGS: readonly string[] = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'main',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'address',
  'form',
  'fieldset',
  'hr',
  'center',
];

const BLOCK_TAGS = TEXT_BLOCK_TAGS.join('|');

/**
 * The Text view of HTML (spec 000 §9): styles, scripts, head and tags removed, list items turned into
 * "• item" bullets, paragraphs, headings and line breaks kept as newlines, entities decoded and runs
 * of blank lines collapsed to one.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/gu, '')
    .replace(/<head\b[\s\S]*?<\/head\s*>/giu, '')
    .replace(/<(style|script|noscript|template|title)\b[\s\S]*?<\/\1\s*>/giu, '')
    .replace(/<(style|script)\b[^>]*\/?>/giu, '')
    .replace(/<br\b[^>]*>/giu, '\n')
    .replace(/<li\b[^>]*>/giu, '\n• ')
    .replace(/<\/li\s*>/giu, '')
    .replace(/<\/?(t[dh])\b[^>]*>/giu, ' ')
    .replace(new RegExp(`</?(?:${BLOCK_TAGS})\\b[^>]*>`, 'giu'), '\n\n')
    .replace(/<\/?[a-z!?][^>]*>/giu, '');
  return decodeEntities(text)
    .replace(/\r\n?/gu, '\n')
    .replace(/[^\S\n]+/gu, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .replace(/(^|\n)•\n+(?=\S)/gu, '$1• ')
    .trim();
}

/**
 * Ends a sentence with a full stop unless it already ends one
 * (docs/decisions.md, "Names and cut text in messages"): a sentence that ends with a
 * name like "Peak Roofing Co." gets no second stop. The one way to put a name at the end of a message.
 */
export function endSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["'”’)]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Text without the full stops, ellipses and spaces it ends with, so one '...' can follow it. */
export function withoutTrailingStops(text: string): string {
  return text.replace(/[\s.…]+$/u, '');
}

/** How a cut is marked, as the spec writes it ('Failed for: "{start of prompt}..."'). */
export const ELLIPSIS = '...';

/**
 * Text cut to its first `max` characters (000 §2: "cut at 200 characters with an ellipsis") and marked
 * with one ellipsis: a cut that ends in a full stop or an ellipsis never reads as four dots.
 * The one way text is shortened for the screen.
 */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${withoutTrailingStops(text.slice(0, max))}${ELLIPSIS}`;
}
