import { type AnchorPlace, anchorAt, locateAnchor, type TextAnchor } from '#shared/text-anchor';
import { frameDocument } from '@/components/tool/html-frame';

/**
 * Anchored comments in a document (shared/text-anchor.ts): the text an anchor's offsets
 * count in is the body's `textContent`, the same in the review page's frame and in the app's panel, since
 * both show the HTML through `frameDocument`.
 */

/** The text anchors count in, of an item's HTML as its frame shows it. */
export function passageText(html: string): string {
  return new DOMParser().parseFromString(frameDocument(html, ''), 'text/html').body.textContent ?? '';
}

/** Where each anchored comment's passage is in the text now (not found: the passage changed). */
export function placePassages<T extends { readonly anchor: TextAnchor | null }>(
  text: string,
  comments: readonly T[],
): Map<T, AnchorPlace> {
  const places = new Map<T, AnchorPlace>();
  for (const comment of comments) if (comment.anchor) places.set(comment, locateAnchor(text, comment.anchor));
  return places;
}

/** The anchor of a selection inside `body` (null when it is outside it or holds no text). */
export function selectionAnchor(body: HTMLElement, selection: Selection | null): TextAnchor | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!body.contains(range.commonAncestorContainer)) return null;
  const before = body.ownerDocument.createRange();
  before.selectNodeContents(body);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return anchorAt(body.textContent ?? '', start, start + range.toString().length);
}

const MARK = 'data-passage';

/** Takes away the marks a previous `markPassages` put in. */
function unmark(body: HTMLElement): void {
  for (const mark of Array.from(body.querySelectorAll(`mark[${MARK}]`))) {
    mark.replaceWith(...Array.from(mark.childNodes));
  }
  body.normalize();
}

/**
 * Highlights the text from `start` to `end` of each place, wrapping the text nodes it covers (a passage
 * across a bold word or a paragraph's end is several marks). Marks of an earlier call are taken away
 * first, so the text they covered counts as before.
 */
export function markPassages(
  body: HTMLElement,
  places: readonly { readonly start: number; readonly end: number; readonly label: string }[],
): void {
  unmark(body);
  const document = body.ownerDocument;
  // From the last passage back, so wrapping one leaves the offsets of those before it as they were.
  for (const place of [...places].sort((a, b) => b.start - a.start)) {
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const pieces: { node: Text; from: number; to: number }[] = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const length = text.data.length;
      const from = Math.max(place.start - offset, 0);
      const to = Math.min(place.end - offset, length);
      if (from < to) pieces.push({ node: text, from, to });
      offset += length;
      if (offset >= place.end) break;
    }
    for (const { node, from, to } of pieces) {
      // Whitespace between blocks is not marked (a mark there would sit between paragraphs).
      if (node.data.slice(from, to).trim() === '' || node.parentElement?.closest('style, script')) continue;
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      const mark = document.createElement('mark');
      mark.setAttribute(MARK, '');
      mark.title = place.label;
      range.surroundContents(mark);
    }
  }
}

/** The marks' look inside a frame (its own style sheet does not have it). */
export const PASSAGE_MARK_STYLE = `mark[${MARK}]{background:#fde68a;color:inherit;border-radius:2px;box-shadow:0 0 0 1px #f59e0b}`;

/** Adds the marks' style to a frame's document once. */
export function addMarkStyle(document: Document): void {
  if (document.getElementById('passage-mark-style')) return;
  const style = document.createElement('style');
  style.id = 'passage-mark-style';
  style.textContent = PASSAGE_MARK_STYLE;
  document.head.append(style);
}
