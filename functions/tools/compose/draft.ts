import nlp from 'compromise';
import type { OfflineDraft } from '#functions/generation/tool-definition';
import { countWords, htmlToText } from '#shared/text';
import { offlineDraft, reviewDraft } from './draft-check';
import { scrubForbiddenHtml, usesForbidden, withoutForbidden } from './forbidden';
import { type InstructionFacts, readInstructions, type WordLimit } from './instructions';
import { capitalize } from './keywords';
import { sentence } from './phrasing';
import type { BusinessProfile } from './profile';
import { tidyDraft } from './tidy';
import { agree, parseTopic, type Season, seasonFor, type TopicParse } from './topic';
import { detectTrade, itemsOn, NEUTRAL_TRADE, type TradeLexicon } from './trade';

/**
 * What every offline draft is written from: the parsed topic, the client's trade, what the
 * instructions ask for, the readers and the season. Built once per draft, so every composer reads the
 * same request the same way.
 */

export interface DraftFacts {
  readonly topic: TopicParse;
  /** Forbidden words the typed topic had, left out of `topic`. */
  readonly topicWithout: readonly string[];
  readonly trade: TradeLexicon;
  readonly instructions: InstructionFacts;
  /** Plural readers: the instructions' audience, else the topic's, else the trade's customers. */
  readonly readers: string;
  readonly season: Season;
}

export interface DraftInput {
  readonly topic: string;
  readonly profile: BusinessProfile;
  readonly instructions: readonly (string | null | undefined)[];
  readonly siteText?: string | null;
  /** The date the draft is for (release date or job date): the season when the topic names none. */
  readonly date: Date;
}

export function draftFacts(input: DraftInput): DraftFacts {
  const instructions = readInstructions(...input.instructions);
  const topicWithout = instructions.forbidden.filter((word) => usesForbidden(input.topic, [word]) !== null);
  const typed = topicWithout.length > 0 ? withoutForbidden(input.topic, topicWithout) : input.topic;
  const topic = parseTopic(typed, input.profile.name);
  const trade = detectTrade({
    name: input.profile.name,
    topic: input.topic,
    instructions: instructions.mentions.join('\n'),
    siteText: input.siteText ?? null,
  });
  return {
    topic,
    topicWithout,
    trade,
    instructions,
    readers: instructions.audience ?? topic.audience ?? trade.customers,
    season: seasonFor(topic, input.date),
  };
}

const URL_IN = /\bhttps?:\/\/[^\s"'<>)]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s"'<>)]*)?/iu;

/** Whether compromise reads a phrase as a full clause (subject and verb) rather than a noun phrase. */
function isClause(text: string): boolean {
  const parsed = nlp(text).sentences().json() as { sentence?: { subject: string; verb: string } }[];
  const first = parsed[0]?.sentence;
  return Boolean(first && first.subject !== '' && first.verb !== '' && nlp(text).verbs().found);
}

export type Voice = 'we' | 'they';

/**
 * One instruction mention as a sentence of the draft, in the draft's voice: clauses are kept ("the
 * inspection is free until March 31."), noun phrases are offered ("Ask us about our 24/7 emergency
 * service."), links are given as links ("Book online at https://…").
 */
export function mentionSentence(
  mention: string,
  voice: Voice,
  company: string | null,
  topic: TopicParse | null = null,
): string {
  const third = (text: string): string =>
    voice === 'they'
      ? text
          .replace(/\bour\b/gu, 'its')
          .replace(/\bOur\b/gu, 'Its')
          .replace(/\bus\b/gu, company ?? 'the company')
      : text;
  const url = URL_IN.exec(mention)?.[0]?.replace(/[.,;:!?]+$/u, '');
  if (url) {
    const rest = mention
      .replace(url, '')
      .replace(/\b(?:the|a|our)?\s*(?:booking\s+|online\s+)?(?:link|url|page|website|site)s?\b/giu, '')
      .replace(/\s+(?:at|to|on|via|using|with|is|:)\s*$/iu, '')
      .replace(
        /(?:,?\s*(?:and|or|then)\s+)?(?:book|schedule|reserve|register|sign up|visit|go|find out more|learn more)(?:\s+(?:online|now|today))?(?:\s+(?:at|here|via|on))?\s*$/iu,
        '',
      )
      .replace(/^\s*(?:at|to|on|via|:)\s+/iu, '')
      .trim();
    const booking = /\b(?:book|booking|schedule|appointment|reserve|reservation|sign up|register)\b/iu.test(
      mention,
    );
    const lead = booking ? 'Book online at' : 'Find out more at';
    if (rest === '' || /^(?:book|booking|schedule|online)$/iu.test(rest)) return `${lead} ${url}.`;
    return `${sentence(third(capitalize(rest.replace(/[,;]\s*$/u, ''))))} ${lead} ${url}.`;
  }
  if (isClause(mention)) return sentence(third(capitalize(mention)));
  const lowered = /^\p{Lu}\p{Ll}/u.test(mention)
    ? mention.charAt(0).toLowerCase() + mention.slice(1)
    : mention;
  // "Free until May 15" describes the topic: "Free storm-damage inspections are free until May 15."
  const describes =
    nlp(lowered).terms().first().has('#Adjective') ||
    /^(?:free|included|complimentary|half[- ]price)\b/iu.test(lowered);
  if (topic && describes)
    return sentence(`${capitalize(topic.about)} ${agree('be', topic.aboutPlural)} ${third(lowered)}`);
  const ask = voice === 'we' ? 'Ask us about' : `Customers can ask ${company ?? 'the company'} about`;
  return sentence(`${ask} ${third(lowered)}`);
}

/** Sentences for all the instructions' mentions, each URL, date and price included. */
export function mentionSentences(facts: DraftFacts, voice: Voice, company: string | null): string[] {
  const sentences = facts.instructions.mentions.map((mention) =>
    mentionSentence(mention, voice, company, facts.topic),
  );
  const text = sentences.join(' ');
  const missing = facts.instructions.mustInclude.filter((literal) => !text.includes(literal));
  if (missing.length > 0) sentences.push(`Keep these details handy: ${missing.join(', ')}.`);
  return sentences;
}

/** The draft's word budget: the instructions' limit, else the tool's default range. */
export function wordBudget(facts: DraftFacts, fallback: WordLimit): WordLimit {
  return facts.instructions.wordLimit ?? fallback;
}

export interface Block {
  /** Position in the draft. */
  readonly order: number;
  /** Lower is kept first when the budget is tight. */
  readonly priority: number;
  readonly required: boolean;
  /** The block's words as a reader counts them. */
  readonly words: number;
}

/**
 * The blocks that bring a draft closest to its target without passing its maximum: required blocks
 * always, then optional ones by priority. Returned in draft order.
 */
export function fitBlocks<T extends Block>(blocks: readonly T[], limit: WordLimit, fixedWords = 0): T[] {
  const chosen = blocks.filter((block) => block.required);
  let total = fixedWords + chosen.reduce((sum, block) => sum + block.words, 0);
  const optional = blocks
    .filter((block) => !block.required)
    .sort((a, b) => a.priority - b.priority || a.order - b.order);
  for (const block of optional) {
    if (total >= limit.target) break;
    if (total + block.words > limit.max) continue;
    chosen.push(block);
    total += block.words;
  }
  return chosen.sort((a, b) => a.order - b.order);
}

export const wordsIn = (text: string): number => countWords(text);

/**
 * The client's trade's warning signs and tips for this draft, those on the topic first. None for a
 * business whose trade is unknown: another trade's advice would be wrong, generic advice is filler.
 */
export function tradeAdvice(facts: DraftFacts): { signs: string[]; tips: string[] } {
  if (facts.trade.id === NEUTRAL_TRADE.id) return { signs: [], tips: [] };
  const topic = `${facts.topic.raw} ${facts.topic.action ?? ''}`;
  const byTopic = (items: readonly string[]) => {
    const on = itemsOn(topic, items);
    return [...on, ...items.filter((item) => !on.includes(item))];
  };
  return { signs: byTopic(facts.trade.signs), tips: byTopic(facts.trade.tips) };
}

/**
 * A composed HTML draft made final: forbidden words out, typography tidied, and reviewed against the
 * instructions. Bracketed notes to the writer do not count toward `minimum`.
 */
export function finishHtmlDraft(html: string, facts: DraftFacts, minimum: number): OfflineDraft {
  const final = tidyDraft(scrubForbiddenHtml(html, facts.instructions.forbidden));
  const text = htmlToText(final);
  const notes = reviewDraft({
    text,
    instructions: facts.instructions,
    minimum,
    size: countWords(text.replace(/\[Add [^\]]*\]/gu, ' ')),
    topicWithout: facts.topicWithout,
  });
  return offlineDraft(final, notes);
}
