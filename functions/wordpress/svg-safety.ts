import { Parser } from 'htmlparser2';

/**
 * Whether an SVG may go to a client's WordPress media library
 * (docs/decisions.md, "The outside probe's findings"). An SVG is a document: served from the client's own
 * domain it can run scripts there. It is parsed as XML (htmlparser2, loaded only when an SVG is uploaded) and
 * refused, never rewritten, when it holds anything that runs code or loads something else: script-like
 * elements, event-handler attributes, links that are not to a fragment of the file itself, CSS imports or
 * external `url()`s, `javascript:` values, or a DOCTYPE (entity declarations). What is left draws shapes and
 * text, which is all a logo needs.
 */

/** Elements that run code or embed other documents. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'handler',
  'listener',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'canvas',
  'link',
  'meta',
  'base',
]);

/** Attributes that point somewhere. */
const LINK_ATTRIBUTES = new Set(['href', 'src']);

const localName = (name: string) =>
  (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();

/** `url(...)` that leads outside the file, `@import`, old IE expressions, or a javascript: value. */
function cssProblem(css: string): string | null {
  const compact = css.replace(/[\s\\]+/g, '').toLowerCase();
  if (compact.includes('@import')) return 'a CSS @import';
  if (compact.includes('expression(')) return 'a CSS expression';
  if (compact.includes('javascript:')) return 'a javascript: address';
  for (const match of compact.matchAll(/url\(([^)]*)\)/g)) {
    const target = (match[1] ?? '').replace(/^["']/, '');
    if (!target.startsWith('#')) return `a link to another file (url(${target.slice(0, 60)}))`;
  }
  return null;
}

function attributeProblem(element: string, name: string, value: string): string | null {
  const local = localName(name);
  if (local.startsWith('on')) return `an event handler (${name} on <${element}>)`;
  const trimmed = value.trim();
  if (LINK_ATTRIBUTES.has(local) && !trimmed.startsWith('#')) {
    return `a link to another file (${name}="${trimmed.slice(0, 60)}" on <${element}>)`;
  }
  if (local === 'attributename' && LINK_ATTRIBUTES.has(localName(trimmed))) {
    return `an animation that changes a link (<${element} attributeName="${trimmed}">)`;
  }
  return cssProblem(value);
}

/** Null when the SVG is safe to upload, else what it holds, in words for the user. */
export function svgProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'text that is not UTF-8';
  }
  let problem: string | null = null;
  let root: string | null = null;
  let inStyle = 0;
  const found = (reason: string | null) => {
    problem ??= reason;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element = localName(name);
        root ??= element;
        if (ACTIVE_ELEMENTS.has(element)) found(`a <${name}> element`);
        if (element === 'style') inStyle += 1;
        for (const [attribute, value] of Object.entries(attributes))
          found(attributeProblem(name, attribute, value));
      },
      onclosetag(name) {
        if (localName(name) === 'style') inStyle -= 1;
      },
      ontext(data) {
        if (inStyle > 0) found(cssProblem(data));
      },
      onprocessinginstruction(name) {
        // `<?xml …?>` is the XML declaration; `<!DOCTYPE …>` can declare entities.
        if (name.startsWith('!')) found('a DOCTYPE declaration');
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  if (root !== 'svg') return 'no <svg> root element';
  return problem;
}
