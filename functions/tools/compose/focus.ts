import { keyPhrases, stem, terms } from './keywords';
import { inSentence, plural } from './phrasing';

/**
 * Subject matter named in free-text instructions ("mention our spring tune-up special" → "spring
 * tune-up special"), without the directive words around it. The composers turn these into sections or
 * bullets, so instructions shape offline output the way they shape a model's.
 */
export function focusPhrases(
  texts: readonly (string | null | undefined)[],
  limit: number,
  exclude = '',
): string[] {
  const text = texts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n');
  if (text === '') return [];
  const excluded = new Set(terms(exclude));
  const phrases: string[] = [];
  for (const { phrase } of keyPhrases(text, limit * 3, excluded)) {
    const keys = phrase.toLowerCase().split(/\s+/u).map(stem);
    // A phrase repeating an earlier one's words adds nothing new.
    if (
      phrases.some((earlier) =>
        keys.every((key) => earlier.toLowerCase().split(/\s+/u).map(stem).includes(key)),
      )
    )
      continue;
    phrases.push(phrase);
    if (phrases.length === limit) break;
  }
  return phrases;
}

/**
 * The main theme of a text as it reads inside a sentence: its strongest key phrase, pluralized so it
 * needs no article ("Questions about tankless water heaters?"). The fallback when the text has none.
 */
export function themeOf(text: string, fallback: string): string {
  const phrase = keyPhrases(text, 1)[0]?.phrase;
  return phrase ? plural(inSentence(phrase)) : inSentence(fallback);
}
