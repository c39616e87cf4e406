import { splitSentences } from './sentences';

/**
 * What free-text instructions ask of an offline draft, read the way a writer reads them: a word
 * limit, a sign-off, the readers to write for, and the things to put in the text (offers, dates,
 * prices, links, named services). Style directives (tone, format, language) shape nothing offline and
 * are not turned into content: "Target homeowners" is an audience, never a section.
 */

export interface WordLimit {
  readonly min: number;
  readonly target: number;
  readonly max: number;
}

export interface InstructionFacts {
  readonly wordLimit: WordLimit | null;
  readonly signOff: string | null;
  readonly audience: string | null;
  /** What to mention, as noun phrases or clauses that read inside a sentence. */
  readonly mentions: readonly string[];
  /** Every URL, date and price the instructions name, verbatim: each must appear in the draft. */
  readonly mustInclude: readonly string[];
}

export const NO_INSTRUCTIONS: InstructionFacts = {
  wordLimit: null,
  signOff: null,
  audience: null,
  mentions: [],
  mustInclude: [],
};

const NUMBER = '(\\d{1,2},?\\d{3}|\\d{2,4})';
const toNumber = (text: string | undefined): number => Number((text ?? '').replace(/,/gu, ''));

/** A word limit as users write it: a range, "under N", "about N", "at least N" or plain "N words". */
export function wordLimitIn(text: string): WordLimit | null {
  const range = new RegExp(`${NUMBER}\\s*(?:-|–|—|to|and)\\s*${NUMBER}\\s*words`, 'iu').exec(text);
  if (range) {
    const min = toNumber(range[1]);
    const max = toNumber(range[2]);
    if (min > 0 && max > min) return { min, target: Math.round((min + max) / 2), max };
  }
  const under = new RegExp(
    `(?:under|below|less than|fewer than|no more than|not more than|at most|max(?:imum)?(?: of)?|up to|within|no longer than|shorter than)\\s+${NUMBER}\\s*words`,
    'iu',
  ).exec(text);
  if (under) {
    const max = toNumber(under[1]);
    return { min: Math.round(max * 0.8), target: Math.round(max * 0.92), max };
  }
  const atLeast = new RegExp(
    `(?:at least|minimum(?: of)?|more than|over|no fewer than)\\s+${NUMBER}\\s*words`,
    'iu',
  ).exec(text);
  if (atLeast) {
    const min = toNumber(atLeast[1]);
    return { min, target: Math.round(min * 1.1), max: Math.round(min * 1.25) };
  }
  const about = new RegExp(
    `(?:about|around|approximately|approx\\.?|roughly|~|close to|some)?\\s*${NUMBER}[-\\s]*words?\\b`,
    'iu',
  ).exec(text);
  if (about) {
    const target = toNumber(about[1]);
    if (target >= 30) return { min: Math.round(target * 0.92), target, max: Math.round(target * 1.08) };
  }
  return null;
}

const QUOTED = /["“”'‘’]([^"“”\n]{2,80}?)["“”'‘’](?=[\s.,;!]|$)/u;

/** 'Sign off as "The Harbor Dental Team"', "sign it from Dr. Lee", 'end with "Stay warm!"'. */
export function signOffIn(text: string): string | null {
  const match =
    /\bsign(?:ed)?[- ]?(?:off|it|the (?:email|newsletter|post|letter))?\s+(?:as|with|from|by)\s+([^\n]+)/iu.exec(
      text,
    ) ??
    /\b(?:signature|sign-off|closing line)\s*(?:is|should be|:)\s*([^\n]+)/iu.exec(text) ??
    /\b(?:end|close|finish)\s+(?:it\s+|the (?:email|newsletter|post|letter)\s+)?with\s+(["“][^\n]+)/iu.exec(
      text,
    );
  if (!match?.[1]) return null;
  const rest = match[1].trim();
  const quoted = QUOTED.exec(rest)?.[1];
  // Unquoted, the sign-off ends with its sentence (abbreviations such as "Dr." do not end it).
  const value = (quoted ?? splitSentences(rest)[0]?.text.split(';')[0] ?? '').trim().replace(/[.;,]+$/u, '');
  return value === '' ? null : value;
}

/** "Target homeowners", "written for first-time buyers", "our audience is busy parents". */
export function audienceIn(text: string): string | null {
  const match =
    /\b(?:target(?:ing)?|aim(?:ed)? at|written for|write (?:it )?for|speak to|audience(?: is|:)|for an audience of|geared toward|tailored to)\s+([^.,;:\n]+)/iu.exec(
      text,
    );
  const value = match?.[1]
    ?.trim()
    .replace(/^(?:the|our)\s+/iu, '')
    .replace(/\s+(?:with|in a|using)\s.*$/iu, '');
  return value && value.split(/\s+/u).length <= 6 ? value : null;
}

const URL = /\bhttps?:\/\/[^\s"'<>)]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s"'<>)]*)?/giu;
const DATE =
  /\b(?:(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?)\b/giu;
const PRICE = /\$\s?\d[\d,]*(?:\.\d{2})?(?:\s?(?:off|per \w+))?|\b\d{1,3}\s?%\s?off\b/giu;

/** URLs, dates and prices, verbatim, in order of appearance. */
export function literalsIn(text: string): string[] {
  const found: { value: string; at: number }[] = [];
  for (const pattern of [URL, DATE, PRICE])
    for (const match of text.matchAll(pattern))
      found.push({ value: match[0].replace(/[.,;:!?]+$/u, ''), at: match.index ?? 0 });
  return [...new Set(found.sort((a, b) => a.at - b.at).map((item) => item.value))];
}

/** Sentences that only set style, length, audience or sign-off: they ask for no content. */
const STYLE_ONLY =
  /\b(?:tone|voice|words?\b|friendly|formal|casual|conversational|professional|emojis?|sign(?:ed)?[- ]?off|sign (?:it|as)|signature|target(?:ing)?|audience|written for|write for|american english|british english|spelling|format(?:ting)?|html|markdown|headings?|bullet|paragraphs?|third person|first person|news style|seo|keywords?|wordpress|reading level|jargon|exclamation|outside businesses|calls? to action|contact us|structure|headline|subheadline|dateline|boilerplate|media contact|multimedia|current date|answer|questions? count)\b/iu;

/** Directive verbs in front of what to mention ("Always mention our 24/7 emergency service"). */
const DIRECTIVE =
  /^(?:(?:please|also|always|be sure to|make sure to|remember to|don['’]t forget to|do not forget to|you (?:must|should)|we want to|i want to|try to)\s+)*(?:mention|include|highlight|promote|feature|emphasi[sz]e|note|add|cover|talk about|say|state|tell (?:readers|people|customers|them)|let (?:readers|people|customers|them) know|remind (?:readers|people|customers|them)(?: about| of)?|announce|push|plug|showcase|spotlight|point out|invite (?:readers|people|customers|them) to)\b\s*(?:that\s+)?/iu;

/** What to mention: each instruction sentence that asks for content, without its directive words. */
export function mentionsIn(text: string): string[] {
  const mentions: string[] = [];
  const lines = text.split(/\n+/u).flatMap((line) => splitSentences(line).map((sentence) => sentence.text));
  for (const line of lines) {
    const clean = line
      .trim()
      .replace(/^(?:[-*•]|\d+[.)])\s*/u, '')
      .replace(/[.!]+$/u, '');
    if (clean === '') continue;
    const literals = literalsIn(clean);
    const directive = DIRECTIVE.exec(clean);
    if (!directive && literals.length === 0) continue;
    if (STYLE_ONLY.test(clean) && literals.length === 0) continue;
    const rest = directive ? clean.slice(directive[0].length).trim() : clean;
    if (rest.split(/\s+/u).length < 2 && literals.length === 0) continue;
    mentions.push(rest);
  }
  return mentions;
}

/** Everything an offline draft takes from its instructions. */
export function readInstructions(...texts: readonly (string | null | undefined)[]): InstructionFacts {
  const parts = texts.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const text = parts.join('\n');
  if (text === '') return NO_INSTRUCTIONS;
  // The first text that sets something wins: the user's words before a client's or default ones.
  const first = <T>(read: (part: string) => T | null): T | null =>
    parts.reduce<T | null>((found, part) => found ?? read(part), null);
  const signOff = first(signOffIn);
  const withoutSignOff = signOff ? text.replace(signOff, '') : text;
  return {
    wordLimit: first(wordLimitIn),
    signOff,
    audience: first(audienceIn),
    mentions: mentionsIn(
      text
        .split(/\n+/u)
        .flatMap((line) => splitSentences(line).map((part) => part.text))
        .filter((part) => !/\bsign(?:ed)?[- ]?off|\bsign (?:it|as)\b/iu.test(part))
        .join('\n'),
    ),
    mustInclude: literalsIn(withoutSignOff),
  };
}
