/**
 * Paragraph and sentence splitting for the offline composers. Sources arrive as readable text with
 * paragraphs separated by blank lines (ExtractedSource.text).
 */

export interface Sentence {
  readonly text: string;
  /** Position in the whole text, 0-based: the tie-breaker of every ranking. */
  readonly index: number;
  readonly paragraph: number;
}

/** Paragraphs of a text: blank-line separated, inner line breaks joined, whitespace collapsed. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/gu, '\n')
    .split(/\n[^\S\n]*\n/u)
    .map((paragraph) => paragraph.replace(/\s+/gu, ' ').trim())
    .filter((paragraph) => paragraph !== '');
}

/** Words before a period that do not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'corp',
  'llc',
  'vs',
  'etc',
  'eg',
  'ie',
  'no',
  'mt',
  'ave',
  'blvd',
  'rd',
  'ft',
  'approx',
  'est',
  'dept',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const BOUNDARY = /[.!?…]+["'”’)\]]*\s+/gu;

function endsWithAbbreviation(before: string): boolean {
  const word = /([\p{L}.]+)$/u.exec(before)?.[1] ?? '';
  if (word === '') return false;
  // Initials and dotted abbreviations: "J.", "U.S.", "e.g."
  if (/^\p{Lu}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.replace(/\./gu, '').toLowerCase());
}

/** Sentences of one paragraph. A boundary needs end punctuation and a capital, digit or quote next. */
function sentencesOf(paragraph: string): string[] {
  const result: string[] = [];
  let start = 0;
  for (const match of paragraph.matchAll(BOUNDARY)) {
    const end = (match.index ?? 0) + match[0].length;
    const next = paragraph.slice(end, end + 1);
    if (!/["'“‘(\p{Lu}\p{N}]/u.test(next)) continue;
    const punctuation = match[0].trimEnd();
    if (punctuation.startsWith('.') && endsWithAbbreviation(paragraph.slice(start, match.index))) continue;
    result.push(paragraph.slice(start, end).trim());
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest !== '') result.push(rest);
  return result;
}

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  splitParagraphs(text).forEach((paragraph, paragraphIndex) => {
    for (const sentence of sentencesOf(paragraph)) {
      sentences.push({ text: sentence, index: sentences.length, paragraph: paragraphIndex });
    }
  });
  return sentences;
}

/** Cuts text to at most `maxWords` words, ending on a sentence when one ends late enough. */
export function truncateWords(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/u);
  if (words.length <= maxWords) return text.trim();
  const cut = words.slice(0, maxWords).join(' ');
  const lastStop = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return lastStop > cut.length / 2 ? cut.slice(0, lastStop + 1) : `${cut.replace(/[,;:]$/u, '')}…`;
}
