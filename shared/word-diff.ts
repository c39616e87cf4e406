import { diffArrays, diffWordsWithSpace } from 'diff';

/**
 * The History dialog's comparison of two versions, apart from the version shapes so
 * that no Lambda that only names a version carries jsdiff.
 */

/** One run of a comparison: words both versions share, or words only the newer (added) or older has. */
export interface DiffPart {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
}

/**
 * Word-level comparison of two texts (jsdiff's `diffWordsWithSpace`, so line breaks and spacing count
 * as they read), as runs of shared, added and removed text in reading order.
 */
export function diffWords(older: string, newer: string): DiffPart[] {
  return diffWordsWithSpace(older, newer).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

const wordCount = (text: string) => text.split(/\s+/u).filter((word) => word !== '').length;

/** How many words a comparison adds and removes (the summary above it). */
export function diffStats(parts: readonly DiffPart[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.kind === 'added') added += wordCount(part.text);
    else if (part.kind === 'removed') removed += wordCount(part.text);
  }
  return { added, removed };
}

/**
 * A sentence counts as edited, and shows its word changes inside it, when at least this share of its
 * words is kept; below it, it was rewritten, and shows as the old sentence struck and the new one after
 * it (docs/decisions.md, 'History compares sentences').
 */
export const EDITED_SENTENCE_SHARE = 0.5;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A text's sentences with the spacing after each, so joined they give the text back exactly. */
export function splitSentences(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function keptShare(parts: readonly DiffPart[], older: string, newer: string): number {
  const kept = parts.reduce((sum, part) => sum + (part.kind === 'same' ? wordCount(part.text) : 0), 0);
  const longest = Math.max(wordCount(older), wordCount(newer));
  return longest === 0 ? 1 : kept / longest;
}

/** Removed sentences facing added ones, in order: each pair is an edit or a rewrite. */
function pairUp(removed: readonly string[], added: readonly string[]): DiffPart[] {
  const parts: DiffPart[] = [];
  const paired = Math.min(removed.length, added.length);
  for (let index = 0; index < paired; index += 1) {
    const older = removed[index] ?? '';
    const newer = added[index] ?? '';
    const words = diffWords(older, newer);
    if (keptShare(words, older, newer) >= EDITED_SENTENCE_SHARE) parts.push(...words);
    else parts.push({ kind: 'removed', text: older }, { kind: 'added', text: newer });
  }
  for (const text of removed.slice(paired)) parts.push({ kind: 'removed', text });
  for (const text of added.slice(paired)) parts.push({ kind: 'added', text });
  return parts;
}

/** Adjacent runs of one kind as one run, so a rewritten paragraph reads as one struck block. */
function merged(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const last = out.at(-1);
    if (last && last.kind === part.kind)
      out[out.length - 1] = { kind: part.kind, text: last.text + part.text };
    else out.push(part);
  }
  return out;
}

/**
 * Sentence-level comparison: sentences both versions share stay as they are; a
 * sentence edited a little shows its word changes inside it; a rewritten one shows whole, old then new,
 * instead of word by word interleaved. Kept and added runs give the newer text, kept and removed the
 * older.
 */
export function diffSentences(older: string, newer: string): DiffPart[] {
  const parts: DiffPart[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    parts.push(...pairUp(removed, added));
    removed = [];
    added = [];
  };
  for (const change of diffArrays(splitSentences(older), splitSentences(newer))) {
    if (change.removed) removed.push(...change.value);
    else if (change.added) added.push(...change.value);
    else {
      flush();
      parts.push({ kind: 'same', text: change.value.join('') });
    }
  }
  flush();
  return merged(parts);
}
