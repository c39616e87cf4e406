import { endSentence } from '#shared/text';

/** Small wording helpers shared by the composers. */

/** Words of a name after a title ("Dr. Maya Chen"): they keep their capitals in running text. */
function namedWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.matchAll(/\b(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+((?:\p{Lu}\p{Ll}+\s?){1,3})/gu))
    for (const word of (match[1] ?? '').trim().split(/\s+/u)) words.add(word);
  return words;
}

/**
 * A title or typed topic as it reads mid-sentence: "Spring HVAC Tips" → "spring HVAC tips", "Opening
 * in Round Rock" → "opening in Round Rock". Acronyms and words with inner capitals keep their case.
 */
export function inSentence(text: string): string {
  const words = text
    .trim()
    .replace(/\s+/gu, ' ')
    .replace(/[.!?]+$/u, '')
    .split(' ');
  const capitalized = (word: string): boolean => /^\p{Lu}[\p{Ll}'’-]*$/u.test(word) && word !== 'I';
  // Title Case input capitalizes nearly every longer word; in sentence case, inner capitals are names.
  const longer = words.filter((word) => word.length > 3);
  const titleCased = longer.length > 1 && longer.filter(capitalized).length / longer.length > 0.6;
  const names = titleCased || capitalized(words[0] ?? '') ? namedWords(words.join(' ')) : new Set<string>();
  return words
    .map((word, index) =>
      capitalized(word) && (titleCased || index === 0) && !names.has(word.replace(/[^\p{L}'’-]/gu, ''))
        ? word.toLowerCase()
        : word,
    )
    .join(' ');
}

/** "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Ends text with a period unless it already ends a sentence (the app's one rule, shared/text.ts). */
export const sentence = endSentence;

/** The host of a URL without "www.", or the text itself when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./u, '');
  } catch {
    return url;
  }
}

const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{E0020}-\u{E007F}]|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** Typographic signs Unicode also lists as pictographic; they are not emoji in running text. */
const TYPOGRAPHIC = new Set(['©', '®', '™', '‼', '⁉']);

const emojiIn = (text: string): string[] =>
  [...text.matchAll(EMOJI)].map((match) => match[0]).filter((char) => !TYPOGRAPHIC.has(char));

export function hasEmoji(text: string): boolean {
  return emojiIn(text).length > 0;
}

/** Text without emoji, and without the double spaces removing them leaves. */
export function stripEmoji(text: string): string {
  return text
    .replace(EMOJI, (char) => (TYPOGRAPHIC.has(char) ? char : ''))
    .replace(/[^\S\n]{2,}/gu, ' ')
    .replace(/^[^\S\n]+|[^\S\n]+$/gmu, '');
}

/** Nouns that have no plural in everyday use; a phrase ending in one stays as it is. */
const UNCOUNTABLE = new Set(
  `advice care equipment furniture information insurance maintenance money news software support traffic water
weather work health safety energy security research feedback knowledge`.split(/\s+/u),
);

/**
 * The plural of a noun phrase ("tankless water heater" → "tankless water heaters"), so a key phrase
 * reads naturally without an article. Phrases ending in -ing, -s or an uncountable noun are kept.
 */
export function plural(phrase: string): string {
  const match = /^(.*?)(\p{L}+)$/u.exec(phrase.trim());
  if (!match) return phrase;
  const [, head = '', last = ''] = match;
  const lower = last.toLowerCase();
  if (/(?:ing|s|ness|ics)$/u.test(lower) || UNCOUNTABLE.has(lower) || /\p{Lu}/u.test(last.slice(1)))
    return phrase;
  if (/[^aeiou]y$/u.test(lower)) return `${head}${last.slice(0, -1)}ies`;
  if (/(?:x|z|ch|sh)$/u.test(lower)) return `${head}${last}es`;
  return `${head}${last}s`;
}
