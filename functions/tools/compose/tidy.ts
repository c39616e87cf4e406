/**
 * The last typographic pass over an offline draft: a sentence ending on an abbreviation's period
 * ("Peak Roofing Co.") gets no second one, "a" before a vowel sound is "an", and spaces are single.
 * Templates choose their articles already; this catches the joins between a template and a value.
 */

/** Words that start with a vowel letter but a consonant sound, and the reverse. */
const CONSONANT_SOUND = /^(?:one|once|uni(?!n)|use|usu|user|euro|eu|ure|uti)/iu;
const VOWEL_SOUND = /^(?:hour|honest|honou?r|heir|fao|faq\b|mri|mba|led\b|suv\b|rv\b|hvac\b|x-ray)/iu;

export function articleFor(word: string): 'a' | 'an' {
  const lower = word.toLowerCase();
  if (VOWEL_SOUND.test(lower)) return 'an';
  if (CONSONANT_SOUND.test(lower)) return 'a';
  return /^[aeiou]/iu.test(lower) ? 'an' : 'a';
}

/** "a" or "an" and the phrase: withArticle('appointment') → "an appointment". */
export function withArticle(phrase: string): string {
  return `${articleFor(phrase)} ${phrase}`;
}

export function tidyDraft(text: string): string {
  return text
    .replace(/(?<![.\w])([A-Za-z]{1,4})\.\.(?!\.)/gu, '$1.')
    .replace(/(?<!\.)\.\.(?!\.)/gu, '.')
    .replace(
      /(?<![\p{L}<])an? ((?:<[^>]+>)?)(\p{L}[\p{L}'’-]*)/gu,
      (_, tag: string, word: string) => `${articleFor(word)} ${tag}${word}`,
    )
    .replace(/[^\S\n]{2,}/gu, ' ');
}
