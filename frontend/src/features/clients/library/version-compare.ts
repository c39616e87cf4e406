import type { ContentVersion, ContentVersionSummary } from '#shared/content-versions';
import { htmlToText } from '#shared/text';
import { type DiffPart, diffSentences, diffStats } from '#shared/word-diff';
import { HISTORY_DIALOG } from '../messages';

/** What the History dialog reads of a version: its text, or its HTML's text when it has none. */
export const versionText = (version: Pick<ContentVersion, 'content' | 'html_content'>) =>
  version.content.trim() !== '' ? version.content : htmlToText(version.html_content);

export interface VersionComparison {
  /** The text, sentence by sentence with the word changes inside edited sentences. */
  readonly text: readonly DiffPart[];
  /** The HTML source, compared the same way: what an HTML-only change (a link, a heading) changed. */
  readonly html: readonly DiffPart[];
  readonly textChanged: boolean;
  readonly htmlChanged: boolean;
  /** The line above the comparison. */
  readonly summary: string;
}

/**
 * Two versions compared: their text, and their HTML, since an edit of the HTML alone
 * (a link, a heading, an image) leaves the text as it was and must not read as 'the same'.
 */
export function compareVersions(
  older: Pick<ContentVersion, 'content' | 'html_content'>,
  newer: Pick<ContentVersion, 'content' | 'html_content'>,
): VersionComparison {
  const text = diffSentences(versionText(older), versionText(newer));
  const html = diffSentences(older.html_content, newer.html_content);
  const textChanged = text.some((part) => part.kind !== 'same');
  const htmlChanged = older.html_content !== newer.html_content;
  const stats = diffStats(text);
  const summary = textChanged
    ? `${HISTORY_DIALOG.added(stats.added)}, ${HISTORY_DIALOG.removed(stats.removed)}. ${HISTORY_DIALOG.legend}`
    : htmlChanged
      ? HISTORY_DIALOG.htmlOnly
      : HISTORY_DIALOG.noDifference;
  return { text, html, textChanged, htmlChanged, summary };
}

/**
 * Each version's number, 1 for the oldest, once the whole history is loaded (before that the oldest
 * is not known, so nothing is numbered).
 */
export function versionNumbers(
  versions: readonly Pick<ContentVersionSummary, 'versionId'>[],
  complete: boolean,
): ReadonlyMap<string, number> {
  if (!complete) return new Map();
  return new Map(versions.map((version, index) => [version.versionId, versions.length - index]));
}

/** Which version a restore came from: by number, else by its time, else as an earlier one. */
export function restoredFromLabel(
  restoredFrom: string,
  versions: readonly Pick<ContentVersionSummary, 'versionId' | 'createdAt'>[],
  numbers: ReadonlyMap<string, number>,
  formatTime: (iso: string) => string,
): string {
  const number = numbers.get(restoredFrom);
  if (number !== undefined) return HISTORY_DIALOG.restoredFromNumber(number);
  const source = versions.find((version) => version.versionId === restoredFrom);
  return source ? HISTORY_DIALOG.restoredFromTime(formatTime(source.createdAt)) : HISTORY_DIALOG.restoredFrom;
}
