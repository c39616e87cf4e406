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
  /** Words and phrases the draft must never use ("Never use the word cheap"), lowercase. */
  readonly forbidden: readonly string[];
  /** Most words a sentence may have ("Keep sentences under 20 words"). */
  readonly sentenceWords: number | null;
  /** Most sentences the draft may have ("No more than 3 sentences"). */
  readonly sentenceCount: number | null;
  /** Tone words the instructions ask for ("friendly", "professional"). */
  readonly tones: readonly string[];
  /** Kinds of writing the instructions rule out ("no quotes", "avoid jargon"), lowercase, as written. */
  readonly bans: readonly string[];
  /** Instruction sentences that ask for something no rule above captures, as written. */
  readonly unread: readonly string[];
}

export const NO_INSTRUCTIONS: InstructionFacts = {
  wordLimit: null,
  signOff: null,
  audience: null,
  mentions: [],
  mustInclude: [],
  forbidden: [],
  sentenceWords: null,
  sentenceCount: null,
  tones: [],
  bans: [],
  unread: [],
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

const QUOTED_ALL = /["“”'‘’]([^"“”‘’\n]{1,60}?)["“”'‘’](?=[\s.,;:!?)]|$)/gu;

/** Kinds of writing a prohibition can name that are not words of the text ("avoid jargon"). */
const STYLE_TARGETS =
  /^(?:(?:medical|technical|legal|industry)\s+)?(?:jargon|slang|emojis?|emoticons|exclamation (?:marks?|points?)|hashtags?|clich[eé]s?|hype|passive voice|all caps|capital letters|abbreviations|acronyms|competitors?(?: names?)?|other businesses|outside businesses|links?|prices?|pricing|numbers|statistics|first person|second person|contractions|questions|bullet points?|lists?|headings?|markdown|html|quotes|quotations)$/iu;

/** The prohibition sentence's target: "never use the word cheap" → "cheap". */
const PROHIBITION =
  /\b(?:never|don['’]t|do not|please don['’]t|please do not)\s+(?:use|say|write|mention|call (?:it|us|them))\s+(?:the\s+)?(?:words?|terms?|phrases?|expressions?)?\s*(.+)$|\bavoid(?:\s+using)?\s+(?:the\s+)?(?:words?|terms?|phrases?|expressions?)?\s*(.+)$|(?:^no|\bwith no|\bwithout)\s+(?!more\b|fewer\b|less\b|longer\b)(.+)$|\b(?:is|are)\s+(?:forbidden|banned|off[- ]limits|not allowed)\b/iu;

/**
 * Words and phrases a prohibition names: quoted ones, else a short unquoted list ("cheap or budget");
 * a kind of writing ("no quotes", "avoid jargon") is a ban; advice in a clause is `'style'`.
 */
function forbiddenIn(sentence: string): string[] | { ban: string } | 'style' | null {
  const match = PROHIBITION.exec(sentence);
  if (!match) return null;
  const quoted = [...sentence.matchAll(QUOTED_ALL)].map((found) => (found[1] ?? '').trim().toLowerCase());
  if (quoted.length > 0) return quoted.filter((word) => word !== '');
  const target = (match[1] ?? match[2] ?? match[3] ?? '')
    .replace(/[.!;]+$/u, '')
    .replace(/\s+(?:in|anywhere|at all|ever|in (?:the )?(?:text|copy|post|headlines?|titles?))\b.*$/iu, '')
    .trim();
  if (target === '') return null;
  if (STYLE_TARGETS.test(target)) return { ban: target.toLowerCase() };
  const parts = target
    .split(/\s*(?:,|\bor\b|\band\b|\bnor\b|\/)\s*/u)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  // A long clause ("avoid making promises we cannot keep") is advice, not a list of words.
  if (parts.length === 0 || parts.some((part) => part.split(/\s+/u).length > 3)) return 'style';
  return parts;
}

const SENTENCE_WORDS = new RegExp(
  `\\bsentences?\\b[^.]*?(?:under|below|less than|fewer than|no more than|at most|max(?:imum)?(?: of)?|up to|shorter than)\\s+${NUMBER}\\s*words`,
  'iu',
);
const SENTENCE_COUNT =
  /\b(?:no more than|at most|max(?:imum)?(?: of)?|up to|only|just|under|fewer than|keep it to)\s+(\d{1,2}|one|two|three|four|five|six)\s+sentences?\b/iu;
const SMALL_NUMBERS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};

export const TONE_WORDS =
  /\b(friendly|warm|professional|formal|casual|conversational|playful|upbeat|fun|witty|humorous|serious|authoritative|educational|informative|empathetic|caring|reassuring|confident|enthusiastic|inspirational|inspiring|promotional|urgent|calm|approachable|down-to-earth|elegant|luxurious|neighborly|neighbourly|folksy|energetic|bold)\b/giu;

/** Instruction sentences that ask for nothing: headings, greetings, labels. */
const NOT_A_REQUEST = /^(?:additional client-specific instructions:?|instructions:?|notes?:?)$/iu;

/** Directives every offline draft honours by its structure (format, spelling, links, headings). */
const HONOURED_BY_STRUCTURE =
  /\b(?:html|markdown|wordpress|headings?|h[1-6]\b|bullets?|lists?|paragraphs?|structure|dateline|boilerplate|media contact|multimedia|headline|subheadline|quotes?|spokesperson|third person|news style|american english|seo|call to action|calls to action|contact us|contact page|outside businesses|other businesses|current date|no emojis?|emojis?|keywords?|first person|plain language|readable|clear|concise|short paragraphs)\b/iu;

/** A sentence that asks the writer to do something: a directive verb, a modal, or a bare limit. */
const DIRECTIVE_SHAPE =
  /^(?:please\s+)?(?:always\s+|never\s+|do not\s+|don['’]t\s+)?(?:write|use|keep|make|add|include|mention|avoid|focus|target|speak|address|sound|be|stay|end|start|begin|open|close|sign|highlight|promote|emphasi[sz]e|refer|call|say|tell|translate|respond|reply|format|limit|stick|put|list|cite|link|thank|invite|encourage|remind)\b|\b(?:must|should|needs? to|has to|have to)\b/iu;

/** What each instruction sentence is, so none is silently dropped. */
function readRules(
  lines: readonly string[],
): Pick<InstructionFacts, 'forbidden' | 'sentenceWords' | 'sentenceCount' | 'tones' | 'bans' | 'unread'> {
  const forbidden: string[] = [];
  const bans: string[] = [];
  const tones: string[] = [];
  const unread: string[] = [];
  let sentenceWords: number | null = null;
  let sentenceCount: number | null = null;
  for (const raw of lines) {
    const line = raw.trim().replace(/^(?:[-*•]|\d+[.)])\s*/u, '');
    if (line === '' || NOT_A_REQUEST.test(line)) continue;
    let understood = false;
    const words = forbiddenIn(line);
    if (Array.isArray(words)) {
      forbidden.push(...words);
      understood = true;
    } else if (words === 'style') {
      understood = HONOURED_BY_STRUCTURE.test(line);
    } else if (words) {
      // Kept or reported by the draft's review (draft-check.ts), never taken as honoured here.
      bans.push(words.ban);
      continue;
    }
    const perSentence = SENTENCE_WORDS.exec(line);
    if (perSentence) {
      sentenceWords ??= toNumber(perSentence[1]);
      understood = true;
    }
    const count = SENTENCE_COUNT.exec(line);
    if (count?.[1]) {
      sentenceCount ??= Number(count[1]) || (SMALL_NUMBERS[count[1].toLowerCase()] ?? null);
      understood = true;
    }
    if (/\b(?:tone|voice|sound|feel)\b/iu.test(line) || /^(?:be|stay|keep it)\s/iu.test(line)) {
      const found = [...line.matchAll(TONE_WORDS)].map((match) => (match[1] ?? '').toLowerCase());
      if (found.length > 0) {
        tones.push(...found);
        understood = true;
      }
    }
    if (
      wordLimitIn(line) ||
      signOffIn(line) ||
      audienceIn(line) ||
      DIRECTIVE.test(line) ||
      literalsIn(line).length > 0 ||
      HONOURED_BY_STRUCTURE.test(line)
    )
      understood = true;
    if (!understood && DIRECTIVE_SHAPE.test(line)) unread.push(line.replace(/[.!]+$/u, ''));
  }
  return {
    forbidden: [...new Set(forbidden)],
    sentenceWords,
    sentenceCount,
    tones: [...new Set(tones)],
    bans: [...new Set(bans)],
    unread: [...new Set(unread)],
  };
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
  const lines = text.split(/\n+/u).flatMap((line) => splitSentences(line).map((part) => part.text));
  return {
    ...readRules(lines),
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
