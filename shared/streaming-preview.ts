/**
 * What to show of a reply that is still being written. Models stream HTML, HTML inside code fences, or
 * a JSON object whose string fields hold the HTML (blog rewrite, FAQ); none of these is complete until
 * the end, so this reads whatever is there so far, leniently, for the live preview. The finished result
 * comes from the server's parser; this never decides what is stored. It is shared with the worker, which
 * pushes the first text a reader would see at once (functions/generation/progress-stream.ts).
 */

import { htmlToText } from './text';

export type StreamingView =
  | { readonly kind: 'html'; readonly html: string }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'empty' };

/** JSON fields that hold markup, then fields that hold the text, in order of preference. */
const HTML_KEYS = ['html', 'rewrittenHtml', 'generatedHtml'];
const TEXT_KEYS = ['content', 'text', 'rewrittenContent', 'generatedText'];

const TAG_START = /<(?:!doctype|[a-z][a-z0-9]*)\b/iu;

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Decodes a JSON string body from `start` up to its closing quote, or up to the end if it has none yet. */
export function readPartialJsonString(text: string, start: number): string {
  let out = '';
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') return out;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[index + 1];
    if (next === undefined) return out;
    if (next === 'u') {
      const hex = text.slice(index + 2, index + 6);
      if (!/^[0-9a-f]{4}$/iu.test(hex)) return out;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      index += 5;
      continue;
    }
    out += ESCAPES[next] ?? next;
    index += 1;
  }
  return out;
}

function jsonField(text: string, keys: readonly string[]): string | null {
  for (const key of keys) {
    const match = new RegExp(`"${key}"\\s*:\\s*"`, 'u').exec(text);
    if (match) return readPartialJsonString(text, match.index + match[0].length);
  }
  return null;
}

function withoutFences(raw: string): string {
  return raw
    .replace(/^\s*```[a-z0-9_-]*[^\S\n]*\n?/iu, '')
    .replace(/\n?```\s*$/u, '')
    .trimStart();
}

/** Partial markup from its first tag on, without a tag that is still being written at the end. */
function partialHtml(text: string): string | null {
  const start = text.search(TAG_START);
  if (start === -1) return null;
  return text.slice(start).replace(/<[^>]*$/u, '');
}

export function streamingView(raw: string): StreamingView {
  const text = withoutFences(raw);
  if (text.trim() === '') return { kind: 'empty' };
  if (text.startsWith('{')) {
    const html = jsonField(text, HTML_KEYS);
    if (html !== null && html.trim() !== '') return { kind: 'html', html: partialHtml(html) ?? html };
    const body = jsonField(text, TEXT_KEYS);
    if (body === null || body.trim() === '') return { kind: 'empty' };
    const markup = partialHtml(body);
    return markup === null ? { kind: 'text', text: body } : { kind: 'html', html: markup };
  }
  const markup = partialHtml(text);
  return markup === null ? { kind: 'text', text } : { kind: 'html', html: markup };
}

/** A letter or a digit: what makes a rendered reply readable, unlike bullets, dashes or white space. */
const READABLE = /[\p{L}\p{N}]/u;

/**
 * Whether the live preview of this partial reply shows any words yet: an opening tag, a code fence, a
 * JSON key or white space alone render nothing a reader sees, so they do not count.
 */
export function hasVisibleText(raw: string): boolean {
  const view = streamingView(raw);
  if (view.kind === 'empty') return false;
  return READABLE.test(view.kind === 'html' ? htmlToText(view.html) : view.text);
}
