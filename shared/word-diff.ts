import { diffWordsWithSpace } from 'diff';

/**
 * The History dialog's comparison of two versions (issue 33 item 1), apart from the version shapes so
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

/** How many words a comparison adds and removes (the summary above it). */
export function diffStats(parts: readonly DiffPart[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/u).filter((word) => word !== '').length;
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.kind === 'added') added += words(part.text);
    else if (part.kind === 'removed') removed += words(part.text);
  }
  return { added, removed };
}
