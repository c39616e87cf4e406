import type { OfflineDraft } from '#functions/generation/tool-definition';
import { countWords } from '#shared/text';
import { usesForbidden } from './forbidden';
import type { InstructionFacts } from './instructions';
import { INSTRUCTION_WORDS, terms } from './keywords';
import { hasEmoji } from './phrasing';
import { splitSentences } from './sentences';

/**
 * The last look at an offline draft before it is handed back: every rule of the instructions is
 * checked against the finished text, and whatever is not met is said in the offline notice, so no
 * rule is ever dropped silently. A draft that stayed short because the composer had nothing true to
 * add says so too.
 */

export const SHORTER_THAN_ASKED = 'Offline draft, shorter than asked: add detail before sending.';

/** Content terms of a mention that a reader would look for ("3D scan", "consultation"). */
function mentionTerms(mention: string): string[] {
  const withoutLinks = mention.replace(/\bhttps?:\/\/\S+|\bwww\.\S+/giu, ' ');
  return [...new Set(terms(withoutLinks))].filter((term) => !INSTRUCTION_WORDS.has(term));
}

/** Whether the text carries a required mention: its content words, and every link, date or price in it. */
export function mentionPresent(mention: string, text: string): boolean {
  const own = new Set(terms(text));
  const missingWords = mentionTerms(mention).filter((term) => !own.has(term));
  const links = mention.match(/\bhttps?:\/\/[^\s"'<>)]+/giu) ?? [];
  return missingWords.length === 0 && links.every((url) => text.includes(url.replace(/[.,;:!?]+$/u, '')));
}

const quote = (text: string): string => `“${text}”`;

/** Bans the review can check in the finished text: the draft keeps them when it has none of these. */
const CHECKABLE_BANS: readonly { readonly ban: RegExp; readonly found: (text: string) => boolean }[] = [
  {
    ban: /^(?:quotes|quotations)$/u,
    found: (text) => /“[^”]{12,}[,.]?” (?:said|added)|\[Add a quote/u.test(text),
  },
  { ban: /^hashtags?$/u, found: (text) => /(?:^|\s)#\p{L}/u.test(text) },
  { ban: /^(?:emojis?|emoticons)$/u, found: hasEmoji },
  { ban: /^exclamation/u, found: (text) => text.includes('!') },
  { ban: /^links?$/u, found: (text) => /\bhttps?:\/\//u.test(text) },
];

export interface DraftReview {
  /** The finished draft as a reader sees it: plain text, no markup. */
  readonly text: string;
  readonly instructions: InstructionFacts;
  /** Words (or characters, with `unit`) the draft was asked for at least. */
  readonly minimum?: number | null;
  /** The draft's own size in the unit of `minimum`; word count of `text` when not given. */
  readonly size?: number;
  /** Forbidden words that were in the topic and left out of it. */
  readonly topicWithout?: readonly string[];
  /** Tones the composer writes in itself (a social post's chosen tone). */
  readonly honouredTones?: readonly string[];
  /** Whether the tool writes the instructions' mentions at all (a rewrite of a page does not). */
  readonly writesMentions?: boolean;
}

/** The notes for the offline notice: what the draft could not do, each a sentence. */
export function reviewDraft(review: DraftReview): string[] {
  const { text, instructions } = review;
  const notes: string[] = [];
  const size = review.size ?? countWords(text);
  if (review.minimum && size < review.minimum) notes.push(SHORTER_THAN_ASKED);
  for (const word of review.topicWithout ?? [])
    notes.push(`The topic’s word ${quote(word)} was left out: the instructions forbid it.`);
  const leftIn = instructions.forbidden.filter((word) => usesForbidden(text, [word]) !== null);
  if (leftIn.length > 0) notes.push(`Remove the forbidden ${leftIn.map(quote).join(', ')} before sending.`);
  if (review.writesMentions !== false) {
    const missing = instructions.mentions.filter((mention) => !mentionPresent(mention, text));
    for (const mention of missing) notes.push(`Not included offline: ${quote(mention)}.`);
    if (instructions.signOff && !text.includes(instructions.signOff))
      notes.push(`Add the sign-off ${quote(instructions.signOff)}.`);
  }
  if (instructions.sentenceWords !== null) {
    const limit = instructions.sentenceWords;
    const long = splitSentences(text).filter((sentence) => countWords(sentence.text) > limit).length;
    if (long > 0)
      notes.push(
        `${long} ${long === 1 ? 'sentence is' : 'sentences are'} longer than ${limit} words: shorten ${long === 1 ? 'it' : 'them'} before sending.`,
      );
  }
  if (instructions.sentenceCount !== null) {
    const count = splitSentences(text).length;
    if (count > instructions.sentenceCount)
      notes.push(`The draft has ${count} sentences; the instructions allow ${instructions.sentenceCount}.`);
  }
  for (const ban of instructions.bans) {
    const check = CHECKABLE_BANS.find((candidate) => candidate.ban.test(ban));
    if (!check) notes.push(`Not checked offline: no ${ban}. Read it through before sending.`);
    else if (check.found(text))
      notes.push(`Remove the ${ban} before sending: the instructions rule them out.`);
  }
  const tones = instructions.tones.filter((tone) => !(review.honouredTones ?? []).includes(tone));
  if (tones.length > 0)
    notes.push(`The ${tones.join(', ')} tone is not applied offline: read it through in that voice.`);
  for (const line of instructions.unread) notes.push(`Not applied offline: ${quote(line)}.`);
  return notes;
}

export function offlineDraft(text: string, notes: readonly string[]): OfflineDraft {
  return { text, notes: [...new Set(notes)] };
}
