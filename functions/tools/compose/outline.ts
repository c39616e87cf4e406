import { splitParagraphs } from './sentences';

/**
 * The outline of an extracted article. Extraction keeps headings as their own short paragraphs, so a
 * short line without closing punctuation followed by body text is read as a heading.
 */

export interface OutlineSection {
  /** Null for text before the first heading. */
  readonly heading: string | null;
  readonly paragraphs: readonly string[];
}

const MAX_HEADING_WORDS = 12;
const MAX_HEADING_CHARS = 90;

const wordCount = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

export function looksLikeHeading(paragraph: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  if (wordCount(paragraph) > MAX_HEADING_WORDS || paragraph.length > MAX_HEADING_CHARS) return false;
  if (/[.,;:!…]$/u.test(paragraph)) return false;
  if (!/^[\p{Lu}\p{N}"“]/u.test(paragraph)) return false;
  // Two short lines in a row are a list or a menu, not a heading and its section.
  return wordCount(next) > MAX_HEADING_WORDS || /[.!?]$/u.test(next);
}

const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function detectOutline(text: string, title = ''): OutlineSection[] {
  const paragraphs = splitParagraphs(text);
  const sections: { heading: string | null; paragraphs: string[] }[] = [];
  let current: { heading: string | null; paragraphs: string[] } = { heading: null, paragraphs: [] };
  paragraphs.forEach((paragraph, index) => {
    if (index === 0 && title !== '' && normalise(paragraph) === normalise(title)) return;
    if (looksLikeHeading(paragraph, paragraphs[index + 1])) {
      if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
      current = { heading: paragraph, paragraphs: [] };
    } else {
      current.paragraphs.push(paragraph);
    }
  });
  if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
  return sections.filter((section) => section.paragraphs.length > 0);
}
