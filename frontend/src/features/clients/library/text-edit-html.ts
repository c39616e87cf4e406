import { diffArrays, diffWordsWithSpace } from 'diff';
import { TEXT_BLOCK_TAGS } from '#shared/text';

/**
 * Applies an edit of a library item's text to its HTML, so a sentence typed in the Text
 * Content tab lands in the paragraph it belongs to and the headings, lists, links and images around it
 * stay as they were. The text is the HTML's Text view (000 §9): one line per paragraph, heading, list
 * item or line break. The lines of the text before the edit are matched to the lines of the HTML; a
 * changed line is patched inside its element (the characters around the change keep their formatting),
 * a removed line's text is removed, and a new line becomes a new paragraph (or list item) next to its
 * neighbour. A change whose line cannot be found in the HTML (the text and the HTML said different
 * things to begin with) is left out and reported, so the dialog can ask the user what to do.
 *
 * Works on any DOM (the browser's DOMParser; linkedom in the unit tests).
 */

export interface TextEditResult {
  /** The HTML with every change that could be placed; the input HTML itself when none changed it. */
  readonly html: string;
  /** Lines of the edited text whose change could not be placed in the HTML. */
  readonly unplaced: readonly string[];
}

export type ParseHtml = (html: string) => Document;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const BLOCKS: ReadonlySet<string> = new Set([...TEXT_BLOCK_TAGS, 'li']);
const HIDDEN: ReadonlySet<string> = new Set(['style', 'script', 'noscript', 'template', 'title', 'head']);
const CELLS: ReadonlySet<string> = new Set(['td', 'th']);
const BULLET = /^•\s*/u;

/** One normalized character of a line: where it sits in a text node (null for a cell's separator). */
interface CharSpot {
  readonly node: Text | null;
  readonly start: number;
  readonly end: number;
}

/** A line of the HTML's Text view, with the text nodes it came from. */
interface HtmlLine {
  /** Whitespace collapsed and trimmed, as the Text view shows it (list items without their bullet). */
  readonly text: string;
  readonly spots: readonly CharSpot[];
  /** The innermost block element the line sits in (or the body). */
  readonly block: Element;
}

const isSpace = (character: string) => /\s/u.test(character);
const normalizeLine = (line: string) => line.replace(/\s+/gu, ' ').trim();
const lineKey = (line: string) => line.replace(BULLET, '');

function linesOfText(text: string): string[] {
  return text
    .split(/\r\n?|\n/u)
    .map(normalizeLine)
    .filter((line) => line !== '');
}

type Piece = { readonly node: Text } | { readonly separator: true };

function toLine(pieces: readonly Piece[], block: Element): HtmlLine | null {
  const spots: CharSpot[] = [];
  let text = '';
  let pendingSpace = null as CharSpot | null;
  for (const piece of pieces) {
    if ('separator' in piece) {
      pendingSpace ??= { node: null, start: 0, end: 0 };
      continue;
    }
    const data = piece.node.data;
    for (let index = 0; index < data.length; index += 1) {
      const character = data[index] ?? '';
      if (isSpace(character)) {
        if (pendingSpace?.node === piece.node) pendingSpace = { ...pendingSpace, end: index + 1 };
        else pendingSpace ??= { node: piece.node, start: index, end: index + 1 };
        continue;
      }
      if (pendingSpace && text !== '') {
        spots.push(pendingSpace);
        text += ' ';
      }
      pendingSpace = null;
      spots.push({ node: piece.node, start: index, end: index + 1 });
      text += character;
    }
  }
  return text === '' ? null : { text, spots, block };
}

/** The Text view's lines of an element, in document order (the same breaks as htmlToText). */
function collectLines(root: Element): HtmlLine[] {
  const lines: HtmlLine[] = [];
  let pieces: Piece[] = [];
  let pieceBlock: Element = root;
  const endLine = () => {
    const line = toLine(pieces, pieceBlock);
    if (line) lines.push(line);
    pieces = [];
  };
  const walk = (parent: Node, block: Element) => {
    for (const child of Array.from(parent.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        if (pieces.length === 0) pieceBlock = block;
        pieces.push({ node: child as Text });
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.tagName.toLowerCase();
      if (HIDDEN.has(tag)) continue;
      if (tag === 'br') {
        endLine();
      } else if (BLOCKS.has(tag)) {
        endLine();
        walk(element, element);
        endLine();
      } else if (CELLS.has(tag)) {
        pieces.push({ separator: true });
        walk(element, block);
        pieces.push({ separator: true });
      } else {
        walk(element, block);
      }
    }
  };
  walk(root, root);
  endLine();
  return lines;
}

/** Removes text nodes emptied by an edit, and inline elements left with nothing in them. */
function prune(node: Node | null, block: Element): void {
  let current = node;
  while (current && current !== block) {
    const parent: Node | null = current.parentNode;
    const empty =
      current.nodeType === TEXT_NODE
        ? (current as Text).data === ''
        : current.nodeType === ELEMENT_NODE &&
          current.childNodes.length === 0 &&
          !['img', 'br', 'hr', 'iframe', 'video', 'audio', 'input'].includes(
            (current as Element).tagName.toLowerCase(),
          );
    if (!empty) return;
    parent?.removeChild(current);
    current = parent;
  }
}

/** Replaces the line's characters [from, to) by `text`, inside the text nodes that hold them. */
function replaceInLine(line: HtmlLine, from: number, to: number, text: string): void {
  const removed = line.spots.slice(from, to).filter((spot) => spot.node !== null);
  const touched: Text[] = [];
  if (removed.length === 0) {
    // An insertion: after the character before it (it takes that text's formatting), else before the next.
    const before = line.spots.slice(0, from).findLast((spot) => spot.node !== null);
    const after = line.spots.slice(from).find((spot) => spot.node !== null);
    const at = before ?? after;
    if (!at?.node) return;
    const offset = before ? at.end : at.start;
    at.node.data = at.node.data.slice(0, offset) + text + at.node.data.slice(offset);
    return;
  }
  // Each node's removed characters are one run: nodes are in document order, and so are the spots.
  const runs = new Map<Text, { start: number; end: number }>();
  for (const spot of removed) {
    if (!spot.node) continue;
    const run = runs.get(spot.node);
    runs.set(spot.node, run ? { start: run.start, end: spot.end } : { start: spot.start, end: spot.end });
  }
  let first = true;
  for (const [node, run] of runs) {
    node.data = node.data.slice(0, run.start) + (first ? text : '') + node.data.slice(run.end);
    first = false;
    touched.push(node);
  }
  for (const node of touched) prune(node, line.block);
}

/**
 * Rewrites a line word by word: each changed run of words is replaced where it sits, so a word made bold
 * or linked keeps its markup when the words around it change. Applied from the end of the line backwards,
 * so the positions of the earlier changes still hold.
 */
function patchLine(line: HtmlLine, before: string, after: string): void {
  const old = line.text;
  const next = lineKey(after);
  if (lineKey(before) !== old || old === next) return;
  const edits: { from: number; to: number; text: string }[] = [];
  let position = 0;
  for (const change of diffWordsWithSpace(old, next)) {
    if (!change.added && !change.removed) {
      position += change.value.length;
      continue;
    }
    const last = edits.at(-1);
    const edit = last && last.to === position ? last : { from: position, to: position, text: '' };
    if (edit !== last) edits.push(edit);
    if (change.removed) {
      position += change.value.length;
      edit.to = position;
    } else {
      edit.text += change.value;
    }
  }
  for (const edit of edits.reverse()) replaceInLine(line, edit.from, edit.to, edit.text);
}

function hasContent(element: Element): boolean {
  return (
    (element.textContent ?? '').trim() !== '' || element.querySelector('img, iframe, video, audio') !== null
  );
}

function removeLine(line: HtmlLine): void {
  replaceInLine(line, 0, line.spots.length, '');
  let block: Element | null = line.block;
  // The line's own block goes when nothing is left in it; so does a list left without items.
  while (block && block.tagName.toLowerCase() !== 'body' && !hasContent(block)) {
    const parent: Element | null = block.parentElement;
    block.remove();
    block = parent && ['ul', 'ol'].includes(parent.tagName.toLowerCase()) ? parent : null;
  }
}

/** The node next to which new blocks go for this line: its block, or its top-level node in the body. */
function placeOf(line: HtmlLine): Element | Text {
  if (line.block.tagName.toLowerCase() !== 'body') return line.block;
  let node: Node | null = line.spots.findLast((spot) => spot.node)?.node ?? null;
  while (node?.parentNode && node.parentNode !== line.block) node = node.parentNode;
  return (node as Element | Text | null) ?? line.block;
}

const tagOf = (node: Node) => (node.nodeType === ELEMENT_NODE ? (node as Element).tagName.toLowerCase() : '');

function insertNode(reference: Node, node: Node, after: boolean): void {
  reference.parentNode?.insertBefore(node, after ? reference.nextSibling : reference);
}

function element(document: Document, tag: string, text: string): Element {
  const created = document.createElement(tag);
  created.textContent = text;
  return created;
}

/**
 * Inserts new lines next to a line, in order: a paragraph each, or list items where the line is a list
 * item ("• " lines, or any line between two items). Bulleted lines elsewhere start a list of their own.
 */
function insertLines(document: Document, anchor: HtmlLine, lines: readonly string[], after: boolean): void {
  const place = placeOf(anchor);
  const item = tagOf(place) === 'li' ? (place as Element) : null;
  const between = item !== null && (after ? item.nextElementSibling : item.previousElementSibling) !== null;
  let reference: Node = place;
  let list: Element | null = null;
  for (const line of lines) {
    const bullet = BULLET.test(line);
    const text = lineKey(line);
    if (item && (bullet || between)) {
      list = null;
      const created = element(document, 'li', text);
      insertNode(reference, created, after);
      if (after) reference = created;
    } else if (bullet) {
      if (!list) {
        list = document.createElement('ul');
        insertNode(reference, list, after);
        if (after) reference = list;
      }
      list.appendChild(element(document, 'li', text));
    } else {
      list = null;
      // A paragraph never goes inside a list: next to the list itself.
      if (item && reference === item && item.parentNode) reference = item.parentNode;
      const created = element(document, 'p', text);
      insertNode(reference, created, after);
      if (after) reference = created;
    }
  }
}

interface Hunk {
  /** Indexes into the old lines. */
  readonly removed: number[];
  readonly added: string[];
  /** The old line just before the hunk (-1 at the start). */
  readonly previous: number;
}

function hunksOf(oldLines: readonly string[], newLines: readonly string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let oldIndex = 0;
  let current: Hunk | null = null;
  for (const change of diffArrays([...oldLines], [...newLines])) {
    if (!change.added && !change.removed) {
      current = null;
      oldIndex += change.count;
      continue;
    }
    current ??= hunks[hunks.push({ removed: [], added: [], previous: oldIndex - 1 }) - 1] ?? null;
    if (!current) continue;
    if (change.removed) {
      for (let index = 0; index < change.count; index += 1) current.removed.push(oldIndex + index);
      oldIndex += change.count;
    } else {
      current.added.push(...change.value);
    }
  }
  return hunks;
}

/** Which HTML line each old text line is (the longest common sequence of equal lines). */
function alignment(oldLines: readonly string[], htmlLines: readonly HtmlLine[]): Map<number, number> {
  const aligned = new Map<number, number>();
  let oldIndex = 0;
  let htmlIndex = 0;
  const keys = htmlLines.map((line) => line.text);
  for (const change of diffArrays(oldLines.map(lineKey), keys)) {
    if (change.added) htmlIndex += change.count;
    else if (change.removed) oldIndex += change.count;
    else {
      for (let index = 0; index < change.count; index += 1) aligned.set(oldIndex + index, htmlIndex + index);
      oldIndex += change.count;
      htmlIndex += change.count;
    }
  }
  return aligned;
}

export function applyTextEditToHtml(
  html: string,
  textBefore: string,
  text: string,
  parse: ParseHtml,
): TextEditResult {
  const oldLines = linesOfText(textBefore);
  const newLines = linesOfText(text);
  const hunks = hunksOf(oldLines, newLines);
  if (hunks.length === 0) return { html, unplaced: [] };
  const document = parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  const body = document.body;
  const htmlLines = collectLines(body);
  const aligned = alignment(oldLines, htmlLines);
  const lineAt = (oldIndex: number) => {
    const index = aligned.get(oldIndex);
    return index === undefined ? undefined : htmlLines[index];
  };
  const unplaced: string[] = [];
  let changed = false;
  for (const hunk of hunks) {
    const targets = hunk.removed.map(lineAt);
    if (targets.some((line) => line === undefined)) {
      unplaced.push(
        ...(hunk.added.length > 0 ? hunk.added : hunk.removed.map((index) => oldLines[index] ?? '')),
      );
      continue;
    }
    const lines = targets as HtmlLine[];
    const paired = Math.min(lines.length, hunk.added.length);
    const extra = hunk.added.slice(paired);
    if (extra.length > 0) {
      const last = lines[paired - 1];
      const previous = lineAt(hunk.previous);
      const next = lineAt(hunk.previous + 1);
      if (last) insertLines(document, last, extra, true);
      else if (previous) insertLines(document, previous, extra, true);
      else if (next) insertLines(document, next, extra, false);
      else if (htmlLines.length === 0) {
        for (const line of extra) {
          const paragraph = document.createElement('p');
          paragraph.textContent = lineKey(line);
          body.appendChild(paragraph);
        }
      } else {
        unplaced.push(...extra);
        continue;
      }
    }
    for (const [index, line] of lines.entries()) {
      const replacement = hunk.added[index];
      const before = oldLines[hunk.removed[index] ?? -1] ?? '';
      if (replacement === undefined) removeLine(line);
      else patchLine(line, before, replacement);
    }
    changed = true;
  }
  return { html: changed ? body.innerHTML : html, unplaced };
}
