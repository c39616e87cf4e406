import nlp from 'compromise';
import { MONTH_NAMES, monthIndexOf, season as seasonOfDate } from './dates';
import { inSentence, plural, stripEmoji } from './phrasing';
import { TRADES } from './trade';

/**
 * What a typed topic is about, read with compromise (a small, well-kept English NLP library) rather
 * than pasted into sentence slots: its kind, its head noun phrase and that phrase's number (so verbs
 * agree), the action of a how-to, and the season, place and audience it names. The composers build
 * their sentences from these parts; the raw topic only ever appears as a title.
 *
 * This module is the only one that imports compromise; it is reached only from the offline composers,
 * which the tool definitions load lazily, so provider-backed jobs and HTTP handlers never load it.
 */

export type TopicKind = 'how-to' | 'question' | 'announcement' | 'offer' | 'event' | 'list' | 'subject';
export type Season = 'winter' | 'spring' | 'summer' | 'fall';

export interface TopicParse {
  readonly kind: TopicKind;
  /** The topic as typed, trimmed: used for titles only. */
  readonly raw: string;
  /** Head noun phrase, sentence case, no determiner: "outdoor faucets", "hail damage insurance claim". */
  readonly noun: string;
  /** Whether `noun` is plural, for agreement ("outdoor faucets need", "the claim needs"). */
  readonly plural: boolean;
  /** The noun phrase as a general plural subject ("water heaters"), when it is countable. */
  readonly nouns: string;
  /** How-to and list topics: the task as an infinitive phrase ("winterize outdoor faucets"). */
  readonly action: string | null;
  /**
   * The topic as the object of "about" or "on": a gerund phrase for tasks ("winterizing outdoor
   * faucets"), the noun phrase otherwise. Always grammatical after a preposition.
   */
  readonly about: string;
  /** Whether `about` takes a plural verb. */
  readonly aboutPlural: boolean;
  /** A shorter second reference with the same number: "the repair" for "water heater repair". */
  readonly short: string;
  /** Season the topic names (or implies by a month or holiday); null when it names none. */
  readonly season: Season | null;
  readonly place: string | null;
  /** The readers the topic names ("first-time homeowners"); null when it names none. */
  readonly audience: string | null;
  /** A count the topic names ("7 steps", "5 ways"). */
  readonly count: number | null;
  /**
   * Whether the parse is sure of `about`: a noun phrase ending on a noun compromise knows, or a task.
   * When it is not, `about` and `short` are the topic as typed, in quotes, never a fragment of it.
   */
  readonly confident: boolean;
}

const SEASON_WORDS: Readonly<Record<string, Season>> = {
  winter: 'winter',
  wintry: 'winter',
  winterize: 'winter',
  winterizing: 'winter',
  christmas: 'winter',
  holiday: 'winter',
  holidays: 'winter',
  'new year': 'winter',
  spring: 'spring',
  easter: 'spring',
  summer: 'summer',
  'fourth of july': 'summer',
  fall: 'fall',
  autumn: 'fall',
  halloween: 'fall',
  thanksgiving: 'fall',
  'back to school': 'fall',
  'back-to-school': 'fall',
};

const MONTH_SEASONS: readonly Season[] = [
  'winter',
  'winter',
  'spring',
  'spring',
  'spring',
  'summer',
  'summer',
  'summer',
  'fall',
  'fall',
  'fall',
  'winter',
];
const MONTHS = new RegExp(`\\b(${MONTH_NAMES.join('|')})\\s+\\d{1,2}\\b`, 'iu');

/** The season a text names: a season word, a holiday, or a dated month ("March 31"). */
export function seasonIn(text: string): Season | null {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9-]+/gu, ' ')} `;
  for (const [word, season] of Object.entries(SEASON_WORDS)) if (lower.includes(` ${word} `)) return season;
  const month = MONTHS.exec(text)?.[1]?.toLowerCase();
  return month ? (MONTH_SEASONS[monthIndexOf(month)] ?? null) : null;
}

/** The season to write about: the topic's, else the release or job date's. */
export function seasonFor(topic: TopicParse, date: Date): Season {
  return topic.season ?? seasonOfDate(date);
}

/** People a topic can be written for ("tips for new puppy owners"). */
const PEOPLE =
  /\b(?:homeowners?|home buyers?|buyers|sellers|renters|landlords|tenants|owners|parents|families|kids|children|seniors|retirees|patients|drivers|commuters|students|teens|athletes|beginners|businesses|small businesses|employers|managers|residents|neighbors|couples|brides|travelers|veterans|customers|clients|members|moms|dads|pet owners|dog owners|cat owners)$/iu;

const ANNOUNCE_VERBS =
  /^(?:opens?|launch(?:es)?|announces?|introduces?|unveils?|welcomes?|expands?|celebrates?|adds?|hires?|wins?|joins?|partners?|moves?|relocates?|marks?|names?|debuts?|offers?|donates?|sponsors?|receives?|earns?)$/iu;
const ANNOUNCE_NOUNS =
  /\b(?:grand opening|opening|launch|new location|anniversary|award|partnership|expansion|now open|welcomes?|new hire|new service|now offering|introducing)\b/iu;
const OFFER =
  /(?:\d+\s?%\s?off|\$\s?\d|\bfree\b|\bdiscounts?\b|\bspecials?\b|\bdeals?\b|\bcoupons?\b|\bsale\b|\bpromo(?:tion)?\b|\bsavings?\b|\brebates?\b)/iu;
const EVENT =
  /\b(?:open house|workshop|seminar|webinar|event|festival|fair|class(?:es)?|clinic|meet[- ]and[- ]greet|fundraiser|drive|tour|tasting|party|celebration|expo|show|day)\b/iu;
const LIST_HEAD =
  /^(?:(\d{1,2}|three|four|five|six|seven|eight|nine|ten)\s+)?(tips|ways|signs|reasons|mistakes|steps|ideas|things|questions|myths|benefits|secrets|rules|habits|facts|warning signs|red flags|dos and don'ts)\b\s*(?:to|for|of|that|your|you|about|when|before|on|in)?\s*/iu;
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const QUESTION_START =
  /^(?:what|why|when|where|which|who|whose|how|is|are|does|do|did|can|could|should|would|will|was|were|has|have)\b/iu;

const SEASON_PREFIX =
  /^(?:(?:this|your|a|the)\s+)?(?:winter|spring|summer|fall|autumn|holiday)(?:'s|’s)?\s+/iu;

const tidy = (text: string): string =>
  text
    .replace(/\s+/gu, ' ')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/gu, '')
    .trim();

/** Words whose last word is plural (by compromise's tags, or a regular -s plural it did not tag). */
export function isPluralPhrase(phrase: string): boolean {
  const last = phrase.trim().split(/\s+/u).at(-1) ?? '';
  if (last === '') return false;
  const word = last.split('-').at(-1) ?? last;
  const tags = nlp(word).terms().json() as { terms: { tags: string[] }[] }[];
  const wordTags = tags[0]?.terms[0]?.tags ?? [];
  if (wordTags.includes('Plural')) return true;
  if (wordTags.includes('Uncountable') || wordTags.includes('Gerund')) return false;
  return /[^su'’]s$/iu.test(word) && !/(?:ics|ness|ss)$/iu.test(word);
}

interface Term {
  readonly text: string;
  readonly tags: readonly string[];
}

/** compromise's terms of a text; a hyphenated chain ("tune-ups", "back-to-school") is one term. */
function termsOf(text: string): Term[] {
  const sentences = nlp(text).json() as { terms: { text: string; post: string; tags: string[] }[] }[];
  const terms: Term[] = [];
  let pending: { text: string; tags: string[] } | null = null;
  for (const term of sentences.flatMap((sentence) => sentence.terms)) {
    const joined: { text: string; tags: string[] } = pending
      ? { text: `${pending.text}-${term.text}`, tags: term.tags }
      : { text: term.text, tags: term.tags };
    if (term.post === '-') {
      pending = joined;
      continue;
    }
    pending = null;
    terms.push({
      text: `${joined.text}${/^[,;:?!.]+$/u.test(term.post.trim()) ? term.post.trim() : ''}`,
      tags: joined.tags,
    });
  }
  if (pending) terms.push(pending);
  return terms;
}

const has = (term: Term | undefined, tag: string): boolean => term?.tags.includes(tag) ?? false;
const NOT_IN_NOUN =
  /^(?:it|you|we|they|us|i|me|them|this|that|your|our|my|their|its|his|her|why|how|what|when)$/iu;

/**
 * Whether a term belongs to a noun phrase. compromise tags noun compounds loosely ("brake" in "brake
 * inspections" as a verb, "whitening" in "teeth whitening" as a gerund), so a verb directly before a
 * noun and a gerund after one count as part of the compound.
 */
function inNounPhrase(terms: readonly Term[], index: number): boolean {
  const term = terms[index];
  if (!term || NOT_IN_NOUN.test(term.text) || has(term, 'Determiner') || has(term, 'Preposition'))
    return false;
  if (has(term, 'Conjunction') || has(term, 'Date') || has(term, 'Copula')) return false;
  const next = terms[index + 1];
  const previous = terms[index - 1];
  if (has(term, 'Gerund')) return has(previous, 'Noun') || has(next, 'Noun');
  if (has(term, 'Verb')) return has(next, 'Noun') && !has(next, 'Pronoun');
  return has(term, 'Noun') || has(term, 'Adjective') || has(term, 'Acronym') || has(term, 'Ordinal');
}

/** The noun phrase a text is about: its longest noun run (compromise's tags), ending on a noun. */
function headNoun(text: string, question = false): string {
  const terms = termsOf(text);
  const runs: Term[][] = [];
  let run: Term[] = [];
  terms.forEach((term, index) => {
    // "your water heater needs replacing": a plural-looking word before a final gerund is the verb.
    const verbBeforeGerund =
      index > 0 && /s$/iu.test(term.text) && has(terms[index + 1], 'Gerund') && index + 2 === terms.length;
    // "why your six-month cleaning matters": after a possessive, a last word that is a verb ends the noun.
    // So does a question's last word that is a verb ("why flossing matters", "does an implant hurt").
    const finalVerb =
      index > 0 &&
      index + 1 === terms.length &&
      (question || (index > 1 && terms.slice(0, index).some((earlier) => has(earlier, 'Possessive')))) &&
      nlp(`it ${term.text.replace(/[?!.]+$/u, '')}`).verbs().found;
    if (!verbBeforeGerund && !finalVerb && inNounPhrase(terms, index)) {
      run.push(term);
      if (/[,;:]$/u.test(term.text)) {
        runs.push(run);
        run = [];
      }
    } else {
      runs.push(run);
      run = [];
    }
  });
  runs.push(run);
  const phrases = runs
    .map((words) => {
      const kept = [...words];
      // A phrase ends on its noun ("lawn", not "lawn green").
      while (kept.length > 1 && !has(kept.at(-1), 'Noun') && !has(kept.at(-1), 'Gerund')) kept.pop();
      return tidy(kept.map((word) => word.text.replace(/[,;:?!.]+$/u, '')).join(' '));
    })
    .filter((phrase) => phrase !== '');
  const best = [...phrases].sort((a, b) => b.split(' ').length - a.split(' ').length)[0];
  // No noun run ("Do I need a will?"): what follows the last article or possessive.
  return best ?? tidy(/\b(?:a|an|the|my|your|our)\s+([^?!.]+)$/iu.exec(text)?.[1] ?? text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** "winterize outdoor faucets" → "winterizing outdoor faucets", via compromise's conjugation. */
export function gerundOf(action: string): string {
  const [first = '', ...rest] = action.split(' ');
  const verb = nlp(first).verbs();
  if (!verb.found) return action;
  const forms = verb.conjugate()[0] as { Gerund?: string } | undefined;
  return [forms?.Gerund ?? first, ...rest].join(' ');
}

/** A verb in agreement with a subject: agree('need', true) → "need", agree('need', false) → "needs". */
export function agree(base: string, pluralSubject: boolean): string {
  if (base === 'be') return pluralSubject ? 'are' : 'is';
  if (base === 'have') return pluralSubject ? 'have' : 'has';
  if (pluralSubject) return base;
  const forms = nlp(base).verbs().conjugate()[0] as { PresentTense?: string } | undefined;
  return forms?.PresentTense ?? `${base}s`;
}

/** The place a topic names: compromise's places, else "in <Capitalized Words>". */
function placeIn(text: string): string | null {
  const places = nlp(text).places().out('array') as string[];
  const found = places[0] ? tidy(places[0].replace(/[?!.:,]+$/u, '')) : null;
  if (found) return found;
  return /\bin\s+((?:[A-Z][a-z]+\s?){1,3})\b/u.exec(text)?.[1]?.trim() ?? null;
}

function audienceIn(text: string): string | null {
  const doc = nlp(text);
  for (const match of doc.match('(for|to) [#Adjective? #Noun? #Noun? #Plural]', 0).out('array') as string[]) {
    const phrase = tidy(match.replace(/[?!.:,]+$/u, '').toLowerCase());
    if (PEOPLE.test(phrase)) return phrase;
  }
  return null;
}

/** The action of "how to X" or "ways to X": X as an infinitive phrase, without place and date. */
function actionOf(rest: string): string | null {
  const doc = nlp(rest);
  const first = doc.terms().first();
  if (!first.has('#Verb') && !first.has('#Infinitive')) return null;
  return tidy(rest.replace(/[?!.]+$/u, ''));
}

const DATE_PHRASES =
  /\s*\b(?:(?:on|through|until|till|by|before|after|from|starting|ending)\s+)?(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?)|\s*\b(?:this|next|every|each)\s+(?:winter|spring|summer|fall|autumn|season|year|month|week|weekend)\b/giu;

/** A text without its dates and time phrases ("through March 31", "this summer"). */
function stripDates(text: string): string {
  return tidy(text.replace(DATE_PHRASES, ' '));
}

/**
 * How a topic names the company, if it does: the full name, or its first two or more words ("Peak
 * Roofing" for "Peak Roofing & Gutters"), so the company is never also the topic's subject.
 */
export function companyMention(text: string, company: string): string | null {
  const words = company.replace(LEGAL_SUFFIX, '').trim().split(/\s+/u);
  for (let length = words.length; length >= Math.min(2, words.length); length -= 1) {
    const candidate = words
      .slice(0, length)
      .join(' ')
      .replace(/[\s&,-]+$/u, '');
    if (candidate !== '' && new RegExp(`\\b${escapeRegExp(candidate)}\\b`, 'iu').test(text)) return candidate;
  }
  return null;
}

/** Nouns read without an article: activities and masses ("teeth whitening", "plumbing", "insulation"). */
function isMass(noun: string): boolean {
  const last = (noun.split(/\s+/u).at(-1) ?? '').toLowerCase();
  if (/(?:ing|ance|ence|ness|ity|ry|cy|care|work|ware|age|repair|service)$/u.test(last)) return true;
  // Most -tion and -ment nouns are countable ("location", "inspection"); these are not.
  if (
    /^(?:protection|insulation|ventilation|installation|preparation|nutrition|filtration|irrigation|aeration|equipment|management|treatment|replacement|prevention|removal|control)$/u.test(
      last,
    )
  )
    return true;
  const tags = termsOf(last)[0]?.tags ?? [];
  return tags.includes('Uncountable') || tags.includes('ProperNoun');
}

/**
 * A singular countable noun cannot stand alone in a sentence ("attention to smile checkup"): it takes
 * "our" when the business is the one offering it (announcements, events), "your" otherwise.
 */
function withDeterminer(noun: string, isPlural: boolean, kind: TopicKind): string {
  if (isPlural || isMass(noun) || /^(?:our|your|the|a|an)\s/iu.test(noun)) return noun;
  // A one-word topic ("Hail") is a subject, not something the reader owns ("your hail").
  if (!noun.includes(' ')) return noun;
  return `${kind === 'announcement' || kind === 'event' ? 'our' : 'your'} ${noun}`;
}

function shortReference(about: string, noun: string, isPlural: boolean, action: string | null): string {
  const words = noun.split(/\s+/u);
  if (action || words.length < 2) return about;
  const last = words.at(-1) ?? noun;
  if (isPlural) return last;
  const owner = /^(your|our)\s/iu.exec(about)?.[1];
  return `${owner ?? 'the'} ${last}`;
}

/**
 * References to the topic for one draft: the full phrase for the first two, then the short one, so a
 * topic typed as a plain phrase is not repeated a dozen times.
 */
export function topicReferrer(topic: TopicParse, fullUses = 2): () => string {
  let used = 0;
  return () => {
    used += 1;
    return used <= fullUses ? topic.about : topic.short;
  };
}

/** Parses a typed topic. `company` (the client's name) is not part of the subject when the topic names it. */
export function parseTopic(topic: string, company: string | null = null): TopicParse {
  const raw = tidy(stripEmoji(topic).replace(/[.!]+$/u, ''));
  const text = inSentence(raw);
  const seasonal = seasonIn(text);
  const place = placeIn(raw);
  const audience = audienceIn(text);
  const mention = company ? companyMention(text, company) : null;
  const withoutCompany = mention
    ? tidy(text.replace(new RegExp(`${escapeRegExp(mention)}(?:'s|’s)?`, 'iu'), ' '))
    : text;
  // "Spring smile checkup: why your six-month cleaning matters": the part before the colon is the subject.
  const [headPart = withoutCompany] = withoutCompany.split(/\s*[:–—]\s+/u);
  const stripped = tidy(
    headPart
      .replace(SEASON_PREFIX, '')
      .replace(audience ? new RegExp(`\\s*(?:for|to)\\s+${escapeRegExp(audience)}`, 'iu') : /$^/u, '')
      .replace(
        place ? new RegExp(`\\s*(?:in|near|around|across)\\s+${escapeRegExp(place)}`, 'iu') : /$^/u,
        '',
      ),
  );

  let kind: TopicKind = 'subject';
  let action: string | null = null;
  let count: number | null = null;
  let nounSource = stripped;

  const howTo =
    /^(?:how\s+(?:to|do\s+(?:i|you|we)|can\s+(?:i|you|we)|should\s+(?:i|you|we))|ways?\s+to|guide\s+to)\s+(.+)$/iu.exec(
      stripped,
    );
  const list = LIST_HEAD.exec(stripped);
  const firstWord = nlp(withoutCompany).terms().first();
  const gerundTask = gerundTaskOf(stripped);
  if (howTo?.[1]) {
    // "How to floss with braces": what follows "how to" is the task, whatever compromise tags "floss".
    kind = 'how-to';
    action = actionOf(howTo[1]) ?? tidy(howTo[1].replace(/[?!.]+$/u, ''));
    nounSource = action ?? stripped;
  } else if (list && (list[1] || /^\d/u.test(stripped) || list[2])) {
    kind = 'list';
    const number = list[1] ? ((Number(list[1]) || NUMBER_WORDS[list[1].toLowerCase()]) ?? null) : null;
    count = number;
    const rest = stripped.slice(list[0].length);
    action = /^(?:to|for)\b/iu.test(list[0].trim().split(' ').at(-1) ?? '') ? actionOf(rest) : null;
    nounSource = rest === '' ? stripped : rest;
  } else if (gerundTask) {
    // "Checking your RV roof": a task named by its gerund, read as the how-to it is.
    action = gerundTask;
    nounSource = gerundTask.split(' ').slice(1).join(' ') || stripped;
  } else if (/\?$/u.test(raw) || QUESTION_START.test(stripped)) {
    kind = 'question';
    nounSource = stripped.replace(QUESTION_START, '');
  } else if (
    mention !== null ||
    ANNOUNCE_NOUNS.test(text) ||
    (firstWord.has('#Verb') && ANNOUNCE_VERBS.test(firstWord.text()))
  ) {
    kind = 'announcement';
    nounSource = withoutCompany.replace(/^\s*\p{L}+\s+/u, (verb) =>
      ANNOUNCE_VERBS.test(verb.trim()) ? '' : verb,
    );
  } else if (OFFER.test(raw)) {
    kind = 'offer';
  } else if (EVENT.test(text) && (MONTHS.test(raw) || /\b(?:on|this|next)\b/iu.test(text))) {
    kind = 'event';
  }

  let noun = headNoun(stripDates(nounSource), kind === 'question');
  let found = noun !== '' && noun.split(' ').length <= 7;
  if (!found) noun = tidy(nounSource) || text;
  // A season word in front of the noun is the topic's timing, not its subject.
  noun = tidy(noun.replace(SEASON_PREFIX, '')) || noun;
  found =
    found && endsOnNoun(noun) && !(noun.split(' ').length === 1 && !isMass(noun) && !isPluralPhrase(noun));
  const isPlural = isPluralPhrase(noun);
  const nouns = isPlural || /ing$/iu.test(noun) ? noun : pluralOf(noun);
  const confident = action !== null || found;
  const quoted = `“${raw}”`;
  const about = action ? gerundOf(action) : confident ? withDeterminer(noun, isPlural, kind) : quoted;
  return {
    kind,
    raw,
    noun,
    plural: isPlural,
    nouns: confident ? nouns : quoted,
    action,
    about,
    aboutPlural: action || !confident ? false : isPlural,
    short: confident ? shortReference(about, noun, isPlural, action) : quoted,
    season: seasonal,
    place,
    audience,
    count,
    confident,
  };
}

/** Whether a phrase's last word is a noun as compromise reads it in the phrase. */
function endsOnNoun(phrase: string): boolean {
  const last = termsOf(phrase).at(-1);
  if (!last) return false;
  if (has(last, 'Noun') || has(last, 'Acronym')) return true;
  // "teeth whitening": a gerund after a noun ends a compound noun.
  if (has(last, 'Gerund')) return true;
  // compromise reads a lone "roof" as a verb; after an adjective or noun it is the head noun.
  return has(last, 'Verb') && !has(last, 'Gerund') && termsOf(phrase).length > 1;
}

/** The plural of a noun phrase through compromise, which knows irregular ones ("teeth" stays "teeth"). */
export function pluralOf(phrase: string): string {
  if (isPluralPhrase(phrase)) return phrase;
  const made = nlp(phrase).nouns().toPlural().text();
  return made === '' ? plural(phrase) : made;
}

/**
 * What a gerund before a noun names the kind of rather than acts on: "Spring plumbing checklist" is a
 * checklist, not plumbing one; "Painting services", "Landscaping ideas for small yards" likewise.
 */
const KIND_HEAD =
  /^(?:tips|ideas|checklists?|guides?|options|trends|services?|costs?|prices?|basics|essentials|mistakes|myths|facts|questions|faqs?|benefits|secrets|rules|steps|ways|signs|reasons|habits|plans?|schedules?|calendars?|lists?|season|companies|company|contractors?|business(?:es)?|materials|products|supplies|tools|equipment|techniques|methods|styles|designs?|codes|permits?|solutions|specials|deals|packages|classes|lessons|safety|emergencies|problems|issues|repairs?|installation|maintenance|inspections?|101)$/iu;

/** A trade named by its gerund ("plumbing", "roofing", "landscaping"): a noun, not a task. */
const TRADE_NAMES: ReadonlySet<string> = new Set(
  TRADES.map((trade) => trade.id).filter((id) => /^\p{L}+ing$/u.test(id)),
);

/**
 * "Checking your RV roof" → "check your RV roof": a topic that opens on a gerund followed by what it
 * acts on. Null for a gerund that is a noun of its own ("Teeth whitening", "Spring cleaning tips",
 * "Plumbing emergencies"), which keeps its form.
 */
function gerundTaskOf(text: string): string | null {
  const terms = termsOf(text);
  const [first, second] = terms;
  if (!first || !second || !has(first, 'Gerund') || !/ing$/iu.test(first.text)) return null;
  const determined =
    has(second, 'Determiner') ||
    has(second, 'Possessive') ||
    /^(?:your|our|my|their|the|a|an)$/iu.test(second.text);
  const acts =
    determined ||
    has(second, 'Noun') ||
    has(second, 'Adjective') ||
    has(second, 'Acronym') ||
    (has(second, 'Preposition') && terms.length > 2);
  if (!acts) return null;
  // Acting on a determined object, any gerund is a task ("Heating your home"); before a bare noun, a
  // trade's name or the gerund of a kind of thing is a noun ("Plumbing tips", "Roofing materials guide").
  const beforePreposition = terms.slice(1).findIndex((term) => has(term, 'Preposition'));
  const phrase = beforePreposition === -1 ? terms.slice(1) : terms.slice(1, beforePreposition + 1);
  const head = (phrase.at(-1)?.text ?? '').replace(/[^\p{L}\p{N}'’-]+$/u, '');
  if (!determined && (TRADE_NAMES.has(first.text.toLowerCase()) || KIND_HEAD.test(head))) return null;
  const forms = nlp(first.text).verbs().conjugate()[0] as { Infinitive?: string } | undefined;
  if (!forms?.Infinitive) return null;
  return tidy(
    [forms.Infinitive, ...terms.slice(1).map((term) => term.text)].join(' ').replace(/[?!.]+$/u, ''),
  );
}

const LEGAL_SUFFIX =
  /[\s,]+(?:llc|l\.l\.c\.|inc\.?|incorporated|co\.?|company|corp\.?|corporation|ltd\.?|pllc|llp|lp)$/iu;
