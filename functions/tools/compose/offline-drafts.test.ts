import nlp from 'compromise';
import { describe, expect, it } from 'vitest';
import type { Client } from '#shared/client';
import { countWords, htmlToText } from '#shared/text';
import { blogRewriteRequestSchema } from '#shared/tools/blog-rewrite';
import { clientContentRequestSchema } from '#shared/tools/client-content';
import { faqRequestSchema } from '#shared/tools/faq';
import { newsletterRequestSchema } from '#shared/tools/newsletter';
import { pressReleaseRequestSchema } from '#shared/tools/press-release';
import { tradeClient } from '#test/support/offline-corpus';
import { composeBlogRewrite } from '../blog-rewrite/offline-composer';
import { composeClientContent } from '../client-content/offline-composer';
import { composeFaq } from '../faq/offline-composer';
import { composeNewsletter } from '../newsletter/offline-composer';
import { composePressRelease } from '../press-release/offline-composer';
import { makeContext } from '../test-fixtures';
import { SHORTER_THAN_ASKED } from './draft-check';
import { readInstructions } from './instructions';
import { splitSentences } from './sentences';
import { companyMention, isPluralPhrase } from './topic';
import { detectTrade, TRADES } from './trade';

/**
 * docs/decisions.md, "Offline drafts": offline drafts across trades, topics and every tool. Each row is a
 * client in a trade, a topic as users type them and, for some, instructions as users write them. Every draft
 * is checked for the raw topic pasted more than twice, another trade's vocabulary, the word limit, the
 * instructions' links, dates and sign-off, sentences compromise reads as verbless or as a subject-verb number
 * clash, and the company named more than once in a headline.
 */

type Tool = 'newsletter' | 'press-release' | 'faq' | 'howto' | 'client-content';

interface Row {
  readonly trade: string;
  readonly client: Client;
  readonly topic: string;
  readonly tool: Tool;
  readonly prompt?: string;
  /** The limit as written in `prompt`: the draft must land within 10% of it. */
  readonly limit?: { readonly min: number; readonly max: number };
}

const RELEASE_DATE = '2027-04-02';

const CLIENTS: Record<string, Client> = {
  plumbing: tradeClient('plumbing', 'Lopez Plumbing & Heating', 'Austin', 'TX', 'lopezplumbing.example'),
  hvac: tradeClient('hvac', 'Summit Heating & Air', 'Boise', 'ID', 'summitair.example'),
  roofing: tradeClient('roofing', 'Peak Roofing & Gutters', 'Denver', 'CO', 'peakroofing.example'),
  electrical: tradeClient('electrical', 'Bright Line Electric', 'Tampa', 'FL', 'brightline.example'),
  landscaping: tradeClient('landscaping', 'Green Acre Landscaping', 'Raleigh', 'NC', 'greenacre.example'),
  dental: tradeClient('dental', 'Harbor Dental', 'Portland', 'ME', 'harbordental.example'),
  auto: tradeClient('auto', 'Northside Auto Care', 'Columbus', 'OH', 'northsideauto.example'),
  legal: tradeClient('legal', 'Carter Law Group', 'Richmond', 'VA', 'carterlaw.example'),
  veterinary: tradeClient('veterinary', 'Maple Veterinary Clinic', 'Madison', 'WI', 'maplevet.example'),
  salon: tradeClient('salon', 'Luxe Hair Studio', 'Scottsdale', 'AZ', 'luxehair.example'),
};

const row = (trade: string, tool: Tool, topic: string, extra: Partial<Row> = {}): Row => {
  const found = CLIENTS[trade];
  if (!found) throw new Error(`No client for ${trade}`);
  return { trade, client: found, topic, tool, ...extra };
};

const ROWS: readonly Row[] = [
  row('plumbing', 'newsletter', 'Signs your water heater needs replacing', {
    prompt: 'Keep it under 400 words. Mention our 24/7 emergency line.',
    limit: { min: 0, max: 400 },
  }),
  row('plumbing', 'faq', 'Water heater repair'),
  row('plumbing', 'howto', 'How to winterize outdoor faucets'),
  row('plumbing', 'press-release', 'Lopez Plumbing Opens Second Location in Round Rock'),
  row('plumbing', 'client-content', 'Tankless water heater installation', {
    prompt: 'Write 600-900 words. Book at https://lopezplumbing.example/book.',
    limit: { min: 600, max: 900 },
  }),
  row('hvac', 'newsletter', 'Spring AC tune-ups', {
    prompt: 'About 120 words. Sign off as "The Summit Team".',
    limit: { min: 120, max: 120 },
  }),
  row('hvac', 'faq', 'Is a heat pump worth it?'),
  row('hvac', 'press-release', '20% off furnace tune-ups through October 31'),
  row('hvac', 'client-content', 'Why your furnace filter matters'),
  row('hvac', 'howto', 'How to change a furnace filter'),
  row('roofing', 'press-release', 'Peak Roofing launches free storm-damage inspections', {
    prompt: 'Inspections are free until May 15. Book at https://peakroofing.example/inspect.',
  }),
  row('roofing', 'client-content', 'How to File a Hail Damage Insurance Claim in Colorado'),
  row('roofing', 'faq', 'Roof replacement cost'),
  row('roofing', 'newsletter', 'Fall gutter cleaning', {
    prompt: 'Target homeowners. Keep it under 300 words.',
    limit: { min: 0, max: 300 },
  }),
  row('roofing', 'howto', 'How to spot hail damage on shingles'),
  row('electrical', 'newsletter', 'EV charger installation', {
    prompt: 'Keep it about 250 words.',
    limit: { min: 250, max: 250 },
  }),
  row('electrical', 'faq', 'Whole-home surge protection'),
  row('electrical', 'howto', 'How to reset a tripped breaker'),
  row('electrical', 'press-release', 'Bright Line Electric wins Tampa Bay safety award'),
  row('electrical', 'client-content', 'Panel upgrades for older homes'),
  row('landscaping', 'newsletter', '5 ways to keep your lawn green this summer'),
  row('landscaping', 'client-content', 'Drought-tolerant landscaping ideas', {
    prompt: 'Keep it under 700 words. Sign off as "The Green Acre Crew".',
    limit: { min: 0, max: 700 },
  }),
  row('landscaping', 'faq', 'Spring lawn aeration'),
  row('landscaping', 'press-release', 'Spring cleanup specials'),
  row('landscaping', 'howto', 'How to mulch flower beds'),
  row('dental', 'newsletter', 'Spring smile checkup: why your six-month cleaning matters', {
    prompt:
      'Keep it under 400 words. Sign off as "The Harbor Dental Team". Target homeowners. Whitening is free until May 31; book at https://harbordental.example/book.',
    limit: { min: 0, max: 400 },
  }),
  row('dental', 'faq', 'Teeth whitening', { prompt: 'Mention our new patient special for $99.' }),
  row('dental', 'press-release', 'Harbor Dental welcomes Dr. Maya Chen', {
    prompt: 'Keep it about 350 words.',
    limit: { min: 350, max: 350 },
  }),
  row('dental', 'client-content', 'Invisalign for adults'),
  row('dental', 'howto', 'How to floss with braces'),
  row('auto', 'newsletter', 'Brake inspection before winter road trips'),
  row('auto', 'faq', 'How often should I rotate my tires?'),
  row('auto', 'press-release', 'Free brake checks on Saturday, March 6', {
    prompt: 'Sign off as "Northside Auto Care". Details at https://northsideauto.example/brakes.',
  }),
  row('auto', 'client-content', 'Check engine light meanings'),
  row('legal', 'newsletter', 'Estate planning basics for young families'),
  row('legal', 'faq', 'What to do after a car accident'),
  row('legal', 'client-content', 'Do I need a will?', {
    prompt: 'Keep it under 1000 words.',
    limit: { min: 0, max: 1000 },
  }),
  row('legal', 'press-release', 'Carter Law Group expands to Charlottesville'),
  row('veterinary', 'newsletter', 'Holiday pet safety tips', {
    prompt: 'Sign off as "Dr. Kim and the Maple team".',
  }),
  row('veterinary', 'faq', 'Puppy vaccines schedule'),
  row('veterinary', 'howto', "How to trim your dog's nails"),
  row('veterinary', 'press-release', 'Maple Veterinary Clinic adds weekend hours'),
  row('salon', 'newsletter', 'Summer hair care', {
    prompt: 'Book at https://luxehair.example/book by June 30.',
  }),
  row('salon', 'faq', 'Balayage maintenance'),
  row('salon', 'client-content', 'Choosing a haircut for your face shape', {
    prompt: 'Write 300–500 words.',
    limit: { min: 300, max: 500 },
  }),
];

function compose(r: Row): { html: string; headings: string[]; notes: readonly string[] } {
  const context = makeContext({ client: r.client });
  const prompt = r.prompt ?? '';
  let html: string;
  let notes: readonly string[] = [];
  const take = (draft: { text: string; notes: readonly string[] }): string => {
    notes = draft.notes;
    return draft.text;
  };
  switch (r.tool) {
    case 'newsletter':
      html = take(composeNewsletter(newsletterRequestSchema.parse({ topic: r.topic, prompt }), context));
      break;
    case 'press-release':
      html = take(
        composePressRelease(
          pressReleaseRequestSchema.parse({
            topic: r.topic,
            prompt,
            useClientCompanyInfo: true,
            releaseDate: RELEASE_DATE,
          }),
          context,
        ),
      );
      break;
    case 'faq':
    case 'howto':
      html = (
        JSON.parse(
          take(composeFaq(faqRequestSchema.parse({ topic: r.topic, prompt, contentType: r.tool }), context)),
        ) as { html: string }
      ).html;
      break;
    case 'client-content':
      html = take(
        composeClientContent(
          clientContentRequestSchema.parse({
            topic: r.topic,
            prompt,
            clientUrl: r.client.website ?? 'https://example.com',
          }),
          context,
        ),
      );
      break;
  }
  const headings = [...html.matchAll(/<h([12])[^>]*>(.*?)<\/h\1>/gu)].map((match) =>
    htmlToText(match[2] ?? ''),
  );
  return { html, headings, notes };
}

const escapePattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const occurrences = (text: string, phrase: string): number =>
  (text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escapePattern(phrase)}(?![\\p{L}\\p{N}])`, 'giu')) ?? [])
    .length;

/** The sentences of a draft's paragraphs and list items, as a reader sees them. */
function sentencesOf(html: string, skip: readonly string[]): string[] {
  const blocks = [...html.matchAll(/<(p|li)[^>]*>(.*?)<\/\1>/gu)].map((match) => htmlToText(match[2] ?? ''));
  return blocks
    .filter((block) => block !== '###' && !skip.includes(block) && !block.includes('\n'))
    .flatMap((block) => splitSentences(block).map((part) => part.text))
    .filter((text) => /[.?!]$/u.test(text));
}

const PRONOUN_SUBJECT =
  /^(?:i|you|we|they|it|he|she|this|that|these|those|who|which|what|there|here|most|some|all|none|each|every\s+\w+)$/iu;
const MODAL = /^(?:can|could|should|would|will|shall|may|might|must)$/u;
const PREPOSITION = /\s+(?:of|for|in|on|with|about|to|from|at|by|near|around|after|before)\s+/u;

/**
 * A subject-verb number clash in the main clause as compromise reads it: a present-tense verb in its
 * third-person singular form ("comes") after a plural subject, or in its plain form ("come") after a
 * singular one. Clauses whose subject compromise reads with a verb inside are too unsure to judge.
 */
function numberClash(doc: ReturnType<typeof nlp>): string | null {
  const main = (doc.sentences().json() as { sentence?: { subject: string; verb: string } }[])[0]?.sentence;
  if (!main || main.subject === '' || main.verb === '') return null;
  const head = main.subject.split(PREPOSITION)[0]?.trim() ?? '';
  if (head === '' || PRONOUN_SUBJECT.test(head) || /\b(?:and|or|i|you|we|they|so|then)\b|&/u.test(head))
    return null;
  const headDoc = nlp(head);
  if (headDoc.verbs().found || !headDoc.nouns().found || doc.match(head).has('#Verb')) return null;
  const word = main.verb.split(/\s+/u)[0]?.toLowerCase() ?? '';
  if (!doc.match(word).has('#Verb')) return null;
  if (MODAL.test(word)) return null;
  const forms = nlp(word).verbs().conjugate()[0] as
    | { Infinitive?: string; PresentTense?: string }
    | undefined;
  if (!forms?.Infinitive || !forms.PresentTense || forms.Infinitive === forms.PresentTense) return null;
  const pluralSubject = isPluralPhrase(head);
  const singularVerb = /^(?:is|has|does|was)$/u.test(word) || word === forms.PresentTense.toLowerCase();
  const pluralVerb = /^(?:are|have|do|were)$/u.test(word) || word === forms.Infinitive.toLowerCase();
  if (pluralSubject && singularVerb) return `${head} … ${word}`;
  if (!pluralSubject && pluralVerb) return `${head} … ${word}`;
  return null;
}

const sentenceChecks = new Map<string, { verb: boolean; clash: string | null }>();
function check(sentence: string): { verb: boolean; clash: string | null } {
  const known = sentenceChecks.get(sentence);
  if (known) return known;
  const doc = nlp(sentence);
  const result = { verb: doc.verbs().found, clash: numberClash(doc) };
  sentenceChecks.set(sentence, result);
  return result;
}

const drafts = ROWS.map((r) => ({ row: r, ...compose(r) }));

describe('offline drafts', () => {
  it('covers at least 40 topics, 8 trades and every topic tool', () => {
    expect(new Set(ROWS.map((r) => r.topic)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(ROWS.map((r) => r.trade)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(ROWS.map((r) => r.tool))).toEqual(
      new Set(['newsletter', 'press-release', 'faq', 'howto', 'client-content']),
    );
  });

  it.each(drafts)('$row.tool for $row.trade: "$row.topic"', ({ row: r, html, headings, notes }) => {
    const text = htmlToText(html);
    const instructions = readInstructions(r.prompt);
    const company = r.client.company_name ?? '';

    // The client's trade is recognised, so its lexicon is the one used.
    expect(detectTrade({ name: company, topic: r.topic }).id).toBe(r.trade);

    // The raw topic appears at most twice.
    expect(occurrences(text, r.topic.trim())).toBeLessThanOrEqual(2);

    // No other trade's vocabulary, unless the client's own words brought it in.
    const own = TRADES.find((trade) => trade.id === r.trade)?.vocabulary ?? [];
    const given = `${r.topic} ${r.prompt ?? ''} ${company}`.toLowerCase();
    const foreign = TRADES.filter((trade) => trade.id !== r.trade)
      .flatMap((trade) => trade.vocabulary)
      .filter((word) => !own.includes(word) && !given.includes(word))
      .filter((word) => occurrences(text, word) > 0);
    expect(foreign).toEqual([]);

    // Never over the word limit; under it only when the offline notice says so (correct
    // before long, never padded).
    if (r.limit) {
      const words = countWords(text);
      if (words < Math.floor(r.limit.min * 0.9)) expect(notes).toContain(SHORTER_THAN_ASKED);
      expect(words).toBeLessThanOrEqual(Math.ceil(r.limit.max * 1.1));
    }

    // Every URL and date of the instructions, and the sign-off, are in the text.
    for (const literal of instructions.mustInclude) expect(text).toContain(literal);
    if (instructions.signOff) {
      expect(text).toContain(instructions.signOff);
      expect(headings).not.toContain(instructions.signOff);
    }
    // An audience shapes the wording, never a heading.
    if (instructions.audience) expect(headings.some((heading) => /target/iu.test(heading))).toBe(false);

    // Every sentence has a verb and no number clash, as compromise reads it.
    const skip = instructions.signOff ? [instructions.signOff] : [];
    for (const sentence of sentencesOf(html, skip)) {
      const { verb, clash } = check(sentence);
      expect(verb, `verbless: ${sentence}`).toBe(true);
      expect(clash, `clash: ${sentence}`).toBeNull();
    }

    // The company is named at most once in any headline.
    const mention = companyMention(company, company) ?? company;
    for (const heading of headings) expect(occurrences(heading, mention)).toBeLessThanOrEqual(1);
  });

  it('is deterministic', () => {
    for (const r of ROWS.slice(0, 10)) expect(compose(r).html).toBe(compose(r).html);
  });
});

const POST = `Why Your Furnace Needs a Fall Tune-Up

Hello neighbors, and thanks for reading our blog!

What a Tune-Up Covers

A fall tune-up starts with a full inspection of the burners, the heat exchanger and the blower motor. Our technician cleans the flame sensor, tightens electrical connections and tests the safety controls. A dirty flame sensor is the most common reason a furnace shuts off a few seconds after it lights.

The visit also includes a carbon monoxide check at every register. Cracked heat exchangers can leak carbon monoxide into living spaces, and a tune-up is often the only time anyone looks for one. We replace the air filter during the visit if you have the right size on hand.

Why It Pays Off

The Department of Energy estimates that regular maintenance can cut heating costs by 5 to 15 percent. A clean, well-adjusted furnace reaches the set temperature faster and runs shorter cycles. Shorter cycles mean less wear on the blower motor and the igniter, the two parts that fail most often.

Most manufacturers also require yearly maintenance to keep the warranty valid. If a part fails on a furnace with no service record, the repair may not be covered. A tune-up receipt is cheap insurance against a $1,200 repair bill.

When to Book

The best time to schedule is September or early October, before the first cold snap. Once temperatures drop below freezing, emergency calls fill the schedule and wait times can stretch to a week. Booking early also gives you time to order parts if the technician finds a problem.

Homes with furnaces older than 15 years benefit the most from a yearly check. Older units lose efficiency faster and are more likely to develop cracks in the heat exchanger. If your furnace is nearing 20 years, ask about the cost of replacement so you can plan ahead instead of replacing it in an emergency.

Ready for Winter?

A tune-up takes about 90 minutes and costs far less than a mid-winter breakdown. Call Summit Heating & Air at (208) 555-0180 to book your visit this fall.

Thanks again for stopping by, and stay warm!`;

describe('offline blog rewrite keeps the post', () => {
  const source = {
    url: 'https://summitair.example/blog/fall-tune-up',
    title: 'Why Your Furnace Needs a Fall Tune-Up',
    text: POST,
    siteName: 'Summit Heating & Air',
  };
  const sourceWords = countWords(POST);
  const facts = splitSentences(POST)
    .map((sentence) => sentence.text)
    .filter((sentence) => /\d/u.test(sentence));

  it.each(['original', 'storybrand', 'aida', 'pas'])(
    '%s keeps every fact, whole, and the length within 15%% (with the framework’s own headings)',
    (framework) => {
      const input = blogRewriteRequestSchema.parse({ url: source.url, framework });
      const context = makeContext({ client: CLIENTS.hvac ?? null, source });
      const { text } = JSON.parse(composeBlogRewrite(input, context).text) as { text: string };
      // The framework's notes to fill in ("[Add …]") are the writer's, not the post's.
      const words = countWords(text.replace(/\[Add [^\]]*\]/gu, ' '));
      expect(words).toBeGreaterThanOrEqual(Math.floor(sourceWords * 0.85));
      expect(words).toBeLessThanOrEqual(Math.ceil(sourceWords * 1.15));
      for (const fact of facts) expect(text).toContain(fact);
    },
  );
});
