import { beforeAll, describe, expect, it } from 'vitest';
import { mentionPresent } from '#functions/tools/compose/draft-check';
import { usesForbidden, withoutForbidden } from '#functions/tools/compose/forbidden';
import { readInstructions } from '#functions/tools/compose/instructions';
import { STOP_WORDS, terms } from '#functions/tools/compose/keywords';
import { splitParagraphs, splitSentences } from '#functions/tools/compose/sentences';
import { leansBack } from '#functions/tools/compose/summarize';
import { parseTopic } from '#functions/tools/compose/topic';
import { TRADES } from '#functions/tools/compose/trade';
import { countWords } from '#shared/text';
import { type FoundLint, HARD_RULES, isMisspeltCommonWord, lintText } from '#test/support/grammar-lints';
import {
  CORPUS,
  CORPUS_TOOLS,
  type ComposedCase,
  composeCase,
  knownWords,
} from '#test/support/offline-corpus';

/**
 * docs/decisions.md, "Offline drafts: correct before they are long": every offline draft of the fixed corpus
 * (test/support/offline-corpus.ts) is correct before it is long. For each case: no forbidden word anywhere
 * (headings and hashtags included), every required mention present, the topic's subject present, no other
 * trade's vocabulary, no hashtag made of a stop word, and no sentence of the source reused with a changed
 * subject or cut. Over the whole set, the Harper grammar checker finds no repeated word, no wrong article and
 * no misspelt common word, and at most one lint of any kind per 500 words.
 */

const drafts: ComposedCase[] = CORPUS.map(composeCase);

const escapePattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const occurs = (text: string, phrase: string): boolean =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapePattern(phrase)}(?![\\p{L}\\p{N}])`, 'iu').test(text);

/** The words of the topic's subject: the task's object or the noun phrase, as the parser reads it. */
function subjectTerms(draft: ComposedCase, forbidden: readonly string[]): string[] {
  const entry = draft.case;
  if (entry.tool === 'blog-rewrite') return terms(entry.source?.title ?? entry.topic);
  const typed =
    entry.tool === 'social' || entry.tool === 'gbp'
      ? (splitSentences(entry.topic)[0]?.text ?? entry.topic)
      : entry.source
        ? entry.source.title
        : entry.topic;
  const topic = parseTopic(withoutForbidden(typed, forbidden), entry.client.company_name);
  // A task's object ("a haircut for your face shape"): its verb may be written in another form.
  const subject = topic.action ? topic.action.split(' ').slice(1).join(' ') : topic.noun;
  return terms(subject).filter((term) => !forbidden.some((word) => terms(word).includes(term)));
}

interface SourcePlace {
  /** The sentence before it in its paragraph; null when it opens the paragraph. */
  readonly before: string | null;
  /** The heading of its section. */
  readonly heading: string | null;
  /** The last sentence of the paragraph before, in the same section. */
  readonly paragraphBefore: string | null;
}

/** Source sentences by text, with what comes before them: in the paragraph, the section's heading, the paragraph before. */
function sourceIndex(text: string): Map<string, SourcePlace> {
  const index = new Map<string, SourcePlace>();
  let heading: string | null = null;
  let paragraphBefore: string | null = null;
  for (const paragraph of splitParagraphs(text)) {
    const sentences = splitSentences(paragraph).map((sentence) => sentence.text);
    if (sentences.length === 1 && !/[.!?]$/u.test(paragraph)) {
      heading = paragraph;
      paragraphBefore = null;
      continue;
    }
    sentences.forEach((sentence, position) => {
      index.set(sentence, {
        before: position > 0 ? (sentences[position - 1] ?? null) : null,
        heading,
        paragraphBefore,
      });
    });
    paragraphBefore = sentences.at(-1) ?? null;
  }
  return index;
}

/** Faithfulness failures of a draft written from a page: moved subjects and cut sentences. */
function unfaithful(draft: ComposedCase): string[] {
  const source = draft.case.source;
  if (!source) return [];
  const index = sourceIndex(source.text);
  const sourceSentences = [...index.keys()];
  const problems: string[] = [];
  const paragraphs = splitParagraphs(draft.text);
  paragraphs.forEach((paragraph, paragraphIndex) => {
    const sentences = splitSentences(paragraph).map((sentence) => sentence.text);
    sentences.forEach((sentence, position) => {
      const known = index.get(sentence);
      if (known) {
        if (!leansBack(sentence)) return;
        // A sentence that leans back keeps what it leans on: the sentence before it, or its heading.
        const before = position > 0 ? sentences[position - 1] : null;
        const previousParagraph = paragraphs[paragraphIndex - 1] ?? '';
        const ok =
          known.before !== null
            ? before === known.before
            : position === 0 &&
              (previousParagraph === known.heading ||
                (known.paragraphBefore !== null && previousParagraph.endsWith(known.paragraphBefore)));
        if (!ok) problems.push(`moved away from its subject: ${sentence}`);
        return;
      }
      // Reused whole or not at all: no run of six words of a source sentence inside another sentence.
      const words = sentence.split(/\s+/u);
      for (const original of sourceSentences) {
        for (let start = 0; start + 6 <= words.length; start += 1) {
          const run = words.slice(start, start + 6).join(' ');
          if (original.includes(run)) {
            problems.push(`cut or merged: "${sentence}" reuses part of "${original}"`);
            return;
          }
        }
      }
    });
  });
  return problems;
}

describe('offline drafts of the fixed corpus', () => {
  it('covers at least 60 cases, every tool, ten trades and clients whose trade is unknown', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CORPUS.map((entry) => entry.tool))).toEqual(new Set(CORPUS_TOOLS));
    const trades = new Set(CORPUS.map((entry) => entry.trade));
    expect(trades.size).toBeGreaterThanOrEqual(11);
    expect(trades.has('general')).toBe(true);
  });

  it.each(drafts.map((draft) => [draft.case.id, draft] as const))('%s', (_, draft) => {
    const entry = draft.case;
    const rules = readInstructions(...draft.instructions);
    const { text } = draft;

    // No forbidden word, in any casing or inflection, headings and hashtags included.
    expect(usesForbidden(text, rules.forbidden), text).toBeNull();

    // Every required mention is in the body (a rewrite of a page writes the page, not the instructions).
    if (entry.tool !== 'blog-rewrite')
      for (const mention of rules.mentions)
        expect(mentionPresent(mention, text), `${mention}\n${text}`).toBe(true);

    // The topic's subject is there.
    const own = new Set(terms(text));
    for (const term of subjectTerms(draft, rules.forbidden))
      expect(own.has(term), `${term}\n${text}`).toBe(true);

    // No other trade's vocabulary, unless the client, the topic or the page brought it in.
    const given = [
      entry.topic,
      entry.prompt ?? '',
      entry.client.company_name ?? '',
      entry.source?.text ?? '',
      ...draft.instructions,
    ]
      .join(' ')
      .toLowerCase();
    const ownVocabulary = TRADES.find((trade) => trade.id === entry.trade)?.vocabulary ?? [];
    const foreign = TRADES.filter((trade) => trade.id !== entry.trade)
      .flatMap((trade) => trade.vocabulary)
      .filter((word) => !ownVocabulary.includes(word) && !given.includes(word) && occurs(text, word));
    expect(foreign, text).toEqual([]);

    // No hashtag is a stop word.
    for (const tag of text.match(/#[\p{L}\p{N}_]+/gu) ?? [])
      expect(STOP_WORDS.has(tag.slice(1).toLowerCase()), tag).toBe(false);

    // No sentence of the source reused with a changed subject, cut or merged.
    expect(unfaithful(draft)).toEqual([]);
  });

  describe('the Harper grammar checker over the whole set', () => {
    const lints: { id: string; lint: FoundLint }[] = [];
    let words = 0;
    beforeAll(async () => {
      for (const draft of drafts) {
        words += countWords(draft.text);
        const capitals = (draft.case.client.city ?? '').split(/\s+/u);
        for (const lint of await lintText(draft.text, knownWords(draft), capitals))
          lints.push({ id: draft.case.id, lint });
      }
    }, 120_000);

    const show = (found: readonly { id: string; lint: FoundLint }[]) =>
      found.map(({ id, lint }) => `${id} ${lint.rule}: "${lint.problem}" in "${lint.context}"`);

    it('finds no repeated words and no wrong articles', () => {
      expect(show(lints.filter(({ lint }) => HARD_RULES.has(lint.rule)))).toEqual([]);
    });

    it('finds no misspelt common words', () => {
      // A lowercase word the request did not give the composer ("walk-ins", "balayage" it did).
      expect(show(lints.filter(({ lint }) => isMisspeltCommonWord(lint)))).toEqual([]);
    });

    it('finds at most one lint of any kind per 500 words', () => {
      expect(words).toBeGreaterThan(5_000);
      expect(lints.length * 500, show(lints).join('\n')).toBeLessThanOrEqual(words);
    });
  });
});
