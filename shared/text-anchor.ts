import * as z from './validation/zod';

/**
 * A comment's place in the text it is about (docs/decisions.md, "Comments anchored to the text"): the passage
 * quoted, a little of the text before and after it, and where it was, in the text of the version it was
 * written on. The text is the HTML's text as a browser reads it (the concatenated text nodes, `textContent`):
 * the review page takes the reviewer's selection from it, and the review page and the app's panel find the
 * passage again in the version they show. Found where it was, or elsewhere with the same words (an edit
 * elsewhere moved it), it is highlighted; not found, the passage itself changed, and the comment says so.
 */

/** Characters of context kept on each side of a passage. */
export const ANCHOR_CONTEXT = 32;
/** The longest passage anchored (the quote's own limit, shared/reviews.ts). */
export const ANCHOR_MAX = 1_000;
/** No stored text is longer (shared/content.ts MAX_BODY is far below). */
const OFFSET_MAX = 10_000_000;

export const textAnchorSchema = z
  .object({
    quote: z.string().check(z.minLength(1), z.maxLength(ANCHOR_MAX)),
    prefix: z.string().check(z.maxLength(ANCHOR_CONTEXT)),
    suffix: z.string().check(z.maxLength(ANCHOR_CONTEXT)),
    start: z.int().check(z.minimum(0), z.maximum(OFFSET_MAX)),
    end: z.int().check(z.minimum(1), z.maximum(OFFSET_MAX)),
  })
  .check(
    z.refine((anchor) => anchor.end - anchor.start === anchor.quote.length, {
      message: 'anchor: end - start must be the length of the quote',
      path: ['end'],
    }),
  );

export type TextAnchor = z.output<typeof textAnchorSchema>;

/** The anchor of `text`'s characters from `start` to `end` (a passage longer than ANCHOR_MAX is cut). */
export function anchorAt(text: string, start: number, end: number): TextAnchor | null {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.min(Math.max(from, end), text.length, from + ANCHOR_MAX);
  const quote = text.slice(from, to);
  if (quote.trim() === '') return null;
  return {
    quote,
    prefix: text.slice(Math.max(0, from - ANCHOR_CONTEXT), from),
    suffix: text.slice(to, to + ANCHOR_CONTEXT),
    start: from,
    end: to,
  };
}

export type AnchorPlace =
  | { readonly found: true; readonly start: number; readonly end: number }
  | { readonly found: false };

/** How many characters two strings share at their ends (`fromEnd`) or starts. */
function sharedLength(a: string, b: string, fromEnd: boolean): number {
  let count = 0;
  const max = Math.min(a.length, b.length);
  while (count < max) {
    const left = fromEnd ? a[a.length - 1 - count] : a[count];
    const right = fromEnd ? b[b.length - 1 - count] : b[count];
    if (left !== right) break;
    count += 1;
  }
  return count;
}

/**
 * Where an anchored passage is in `text` now: where it was when the words there are still the quote;
 * else the occurrence of the quote whose surroundings best match the stored context (then the nearest
 * to where it was); not found when the quote is nowhere (the passage itself was edited).
 */
export function locateAnchor(text: string, anchor: TextAnchor): AnchorPlace {
  const { quote } = anchor;
  if (text.slice(anchor.start, anchor.end) === quote)
    return { found: true, start: anchor.start, end: anchor.end };
  let best: { start: number; score: number; distance: number } | null = null;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    const before = text.slice(Math.max(0, at - anchor.prefix.length), at);
    const after = text.slice(at + quote.length, at + quote.length + anchor.suffix.length);
    const score = sharedLength(before, anchor.prefix, true) + sharedLength(after, anchor.suffix, false);
    const distance = Math.abs(at - anchor.start);
    if (!best || score > best.score || (score === best.score && distance < best.distance))
      best = { start: at, score, distance };
  }
  return best ? { found: true, start: best.start, end: best.start + quote.length } : { found: false };
}
