/**
 * Forbidden words ("Never use the word cheap") kept out of an offline draft in every casing and
 * inflection: "cheap", "Cheaper", "cheapest", "cheaply", and inside hashtags ("#CheapTips"). A heading
 * or title loses the word; a sentence that uses it is left out whole, since a sentence with a word cut
 * out of it no longer says what it said.
 */

const escapePattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** The inflected forms of one word: plural, comparative, adverb, past, gerund. */
function formsOf(word: string): string[] {
  const forms = new Set([word]);
  const endings = ['s', 'es', 'er', 'ers', 'est', 'ly', 'ed', 'ing', 'ness'];
  for (const ending of endings) forms.add(`${word}${ending}`);
  if (word.endsWith('e')) for (const ending of ['d', 'r', 'st', 'rs']) forms.add(`${word}${ending}`);
  if (word.endsWith('e')) forms.add(`${word.slice(0, -1)}ing`);
  if (/[^aeiou]y$/u.test(word))
    for (const ending of ['ies', 'ied', 'ier', 'iest', 'ily', 'iness'])
      forms.add(`${word.slice(0, -1)}${ending}`);
  if (/[^aeiou][aeiou][bdgmnprt]$/u.test(word))
    for (const ending of ['ed', 'er', 'est', 'ing']) forms.add(`${word}${word.at(-1)}${ending}`);
  return [...forms];
}

/** A pattern for a forbidden word or phrase in any casing and inflection (the phrase's last word inflects). */
export function forbiddenPattern(phrase: string): RegExp {
  const words = phrase.trim().toLowerCase().split(/\s+/u);
  const last = words.pop() ?? '';
  const head = words.map(escapePattern).join('[\\s-]+');
  const tail = `(?:${formsOf(last).map(escapePattern).join('|')})`;
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${head === '' ? '' : `${head}[\\s-]+`}${tail}(?![\\p{L}\\p{N}])`,
    'giu',
  );
}

export function usesForbidden(text: string, forbidden: readonly string[]): string | null {
  for (const phrase of forbidden) {
    if (forbiddenPattern(phrase).test(text)) return phrase;
    // Hashtags run words together: "#CheapTips".
    const squeezed = phrase.replace(/\s+/gu, '').toLowerCase();
    for (const tag of text.match(/#[\p{L}\p{N}_]+/gu) ?? [])
      if (tag.toLowerCase().includes(squeezed)) return phrase;
  }
  return null;
}

/** A heading or title without the forbidden words, tidied ("Cheap Ways to …" → "Ways to …"). */
export function withoutForbidden(text: string, forbidden: readonly string[]): string {
  let result = text;
  for (const phrase of forbidden) result = result.replace(forbiddenPattern(phrase), ' ');
  result = result
    .replace(/\s{2,}/gu, ' ')
    .replace(/\s+([,.;:!?])/gu, '$1')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/gu, '')
    .replace(/\b(a|an|the)\s+(?=[,.;:!?]|$)/giu, '')
    .trim();
  return result.charAt(0).toUpperCase() + result.slice(1);
}

/** Sentences of a text with the space after each, split after . ! ? and a space, so they join back exactly. */
function sentencesIn(text: string): string[] {
  const parts = text.split(/(?<=[.!?]["'”’)]*)(\s+)/u);
  const sentences: string[] = [];
  for (let index = 0; index < parts.length; index += 2)
    sentences.push(`${parts[index] ?? ''}${parts[index + 1] ?? ''}`);
  return sentences.filter((part) => part !== '');
}

/** Running text without the sentences that use a forbidden word, and without hashtags that do. */
export function dropForbiddenSentences(text: string, forbidden: readonly string[]): string {
  if (forbidden.length === 0) return text;
  return text
    .split(/(\n+)/u)
    .map((line) => {
      if (/^\n+$/u.test(line)) return line;
      const tags = line
        .split(/(\s+)/u)
        .filter((word) => !(word.startsWith('#') && usesForbidden(word, forbidden)))
        .join('');
      return sentencesIn(tags)
        .filter((sentence) => usesForbidden(sentence, forbidden) === null)
        .join('')
        .replace(/[^\S\n]{2,}/gu, ' ')
        .trim();
    })
    .join('')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

const BLOCK = /<(h[1-6]|p|li|strong|td)([^>]*)>([\s\S]*?)<\/\1>/gu;

/**
 * An offline draft's HTML without forbidden words: headings keep their other words, paragraphs and
 * list items lose the sentences that use one (and disappear when none is left). Only the composers'
 * own simple HTML (no nested blocks inside a paragraph) comes through here.
 */
export function scrubForbiddenHtml(html: string, forbidden: readonly string[]): string {
  if (forbidden.length === 0) return html;
  return html
    .replace(BLOCK, (whole, tag: string, attributes: string, inner: string) => {
      if (usesForbidden(inner.replace(/<[^>]+>/gu, ''), forbidden) === null) return whole;
      if (/^h[1-6]$/u.test(tag)) return `<${tag}${attributes}>${withoutForbidden(inner, forbidden)}</${tag}>`;
      // A paragraph with markup inside (a link) is dropped whole rather than cut through its tags.
      const kept = /<[^>]+>/u.test(inner) ? '' : dropForbiddenSentences(inner, forbidden);
      return kept === '' ? '' : `<${tag}${attributes}>${kept}</${tag}>`;
    })
    .replace(/<(ul|ol)([^>]*)>\s*<\/\1>/gu, '');
}
