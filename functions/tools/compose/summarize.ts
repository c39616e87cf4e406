import { terms } from './keywords';
import { type Sentence, splitSentences } from './sentences';

/**
 * Extractive summary: the most informative sentences of a text, in their original order. Each sentence
 * is a TF-IDF vector over stemmed content terms; its score is the cosine similarity to the centroid of
 * the whole text (centroid-based summarization, Radev et al.), so sentences that carry the text's
 * recurring subject matter beat greetings and filler wherever they appear. Position only breaks ties.
 */

export interface RankedSentence extends Sentence {
  readonly score: number;
}

export interface SummaryOptions {
  /** Most sentences to return. */
  readonly maxSentences: number;
  /** Optional word budget; sentences that would exceed it are skipped. */
  readonly maxWords?: number;
  /** Text the summary should lean toward (e.g. the topic): its terms raise a sentence's score. */
  readonly query?: string;
  /** Sentences to leave out (e.g. the title, or ones already used), compared without case or punctuation. */
  readonly exclude?: ReadonlySet<string>;
  /** Only sentences this accepts are candidates (e.g. no first person in a press release). */
  readonly accept?: (sentence: string) => boolean;
}

const MIN_WORDS = 5;
/** A claim may run to a few sentences (one that leans back joins its own). */
const MAX_CLAIM_WORDS = 110;
const QUERY_WEIGHT = 0.35;
const REDUNDANCY = 0.6;

/** Site chrome that extraction sometimes keeps: never a summary sentence. */
const BOILERPLATE =
  /\b(?:cookies?|privacy policy|terms of (?:use|service)|all rights reserved|copyright|subscribe|sign up for|click here|read more|share this|posted (?:by|on|in)|leave a (?:comment|reply)|javascript)\b|©/iu;

const wordCount = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

function vector(termList: readonly string[], idf: ReadonlyMap<string, number>): Map<string, number> {
  const result = new Map<string, number>();
  for (const term of termList) result.set(term, (result.get(term) ?? 0) + (idf.get(term) ?? 0));
  return result;
}

function cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [term, weight] of a) {
    dot += weight * (b.get(term) ?? 0);
    normA += weight * weight;
  }
  for (const weight of b.values()) normB += weight * weight;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * A sentence that leans on the one before it for its subject: it opens on a pronoun, a demonstrative,
 * a connective or "the" with a common noun ("The treatment is faster…", "It takes three months…").
 * Moved away from that sentence, it would say its claim about something else.
 */
const LEANS_BACK =
  /^(?:it|its|it['’]s|they|their|them|theirs|this|these|that|those|he|she|his|her|both|each|either|neither|such|also|however|but|and|so|then|instead|otherwise|still|yet|plus|as a result|in addition|because of this|for this reason|if so|even so|other|another|the other|the same|the latter|the former)\b/iu;
/** "The" and a common noun ("The treatment…"), not a name ("The Department of Energy") or a superlative ("The best time…"). */
const THE_COMMON_NOUN =
  /^[Tt]he\s+(?!(?:best|worst|most|least|first|last|only|average|typical|biggest|main|key|easiest|simplest)\b)\p{Ll}/u;

export function leansBack(sentence: string): boolean {
  const start = sentence.trim().replace(/^["“‘(]+/u, '');
  return LEANS_BACK.test(start) || THE_COMMON_NOUN.test(start);
}

/**
 * Claims of a text, each whole and with its subject: a sentence, with the sentences after it in the
 * same paragraph that lean back on it. A paragraph that opens by leaning back on a heading ("The
 * treatment is faster…" under "Dental Bridges") has no subject of its own and is not a claim here,
 * unless `keepOrphans` (the blog rewrite keeps every paragraph under its heading).
 */
export function claimsOf(text: string, keepOrphans = false): Sentence[] {
  const claims: Sentence[] = [];
  let previous: { paragraph: number; claim: number } | null = null;
  let orphanParagraph = -1;
  for (const sentence of splitSentences(text)) {
    if (sentence.paragraph === orphanParagraph) continue;
    const attaches = leansBack(sentence.text);
    if (attaches && previous?.paragraph === sentence.paragraph) {
      const claim = claims[previous.claim];
      if (claim) claims[previous.claim] = { ...claim, text: `${claim.text} ${sentence.text}` };
      continue;
    }
    if (attaches && !keepOrphans) {
      orphanParagraph = sentence.paragraph;
      continue;
    }
    claims.push({ text: sentence.text, index: claims.length, paragraph: sentence.paragraph });
    previous = { paragraph: sentence.paragraph, claim: claims.length - 1 };
  }
  return claims;
}

/** Every candidate claim (a sentence with those that lean on it) with its score, best first; equal scores keep text order. */
export function rankSentences(text: string, query = '', keepOrphans = false): RankedSentence[] {
  const sentences = claimsOf(text, keepOrphans).filter((sentence) => {
    const count = wordCount(sentence.text);
    return count >= MIN_WORDS && count <= MAX_CLAIM_WORDS && !BOILERPLATE.test(sentence.text);
  });
  if (sentences.length === 0) return [];
  const termLists = sentences.map((sentence) => terms(sentence.text));
  const documentFrequency = new Map<string, number>();
  for (const list of termLists)
    for (const term of new Set(list)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const total = sentences.length;
  const idf = new Map<string, number>();
  for (const [term, df] of documentFrequency) idf.set(term, Math.log((total + 1) / (df + 0.5)) + 1);
  const centroid = vector(termLists.flat(), idf);
  const queryTerms = new Set(terms(query));
  return sentences
    .map((sentence, position) => {
      const list = termLists[position] ?? [];
      const own = new Set(list);
      const centrality = cosine(vector(list, idf), centroid);
      const overlap =
        queryTerms.size === 0 ? 0 : [...queryTerms].filter((term) => own.has(term)).length / queryTerms.size;
      const lengthFactor = Math.min(1, wordCount(sentence.text) / 10);
      return { ...sentence, score: (centrality + QUERY_WEIGHT * overlap) * lengthFactor };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
}

/** Case and punctuation do not make a sentence different. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The top sentences without near-duplicates, returned in text order. */
export function extractiveSummary(text: string, options: SummaryOptions): RankedSentence[] {
  const chosen: RankedSentence[] = [];
  const chosenTerms: Set<string>[] = [];
  let budget = options.maxWords ?? Number.POSITIVE_INFINITY;
  const excluded = new Set([...(options.exclude ?? [])].map(normalise));
  for (const sentence of rankSentences(text, options.query)) {
    if (chosen.length >= options.maxSentences) break;
    if (excluded.has(normalise(sentence.text)) || (options.accept && !options.accept(sentence.text)))
      continue;
    const own = new Set(terms(sentence.text));
    if (chosenTerms.some((other) => jaccard(own, other) > REDUNDANCY)) continue;
    const count = wordCount(sentence.text);
    if (count > budget) continue;
    budget -= count;
    chosen.push(sentence);
    chosenTerms.push(own);
  }
  return chosen.sort((a, b) => a.index - b.index);
}
