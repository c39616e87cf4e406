import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { htmlToText } from '#shared/text';
import { CLIENT_CONTENT_WORDS, type ClientContentRequest } from '#shared/tools/client-content';
import {
  type DraftFacts,
  draftFacts,
  finishHtmlDraft,
  fitBlocks,
  mentionSentences,
  tradeAdvice,
  wordsIn,
} from '../compose/draft';
import { element, escapeHtml, link, list, wrap } from '../compose/html';
import { wordLimitIn } from '../compose/instructions';
import { capitalize, keyPhrases, terms, titleCase } from '../compose/keywords';
import { hostOf, inSentence, sentence, stripEmoji } from '../compose/phrasing';
import { type BusinessProfile, profileFromClient } from '../compose/profile';
import { extractiveSummary } from '../compose/summarize';
import { withArticle } from '../compose/tidy';
import { agree, topicReferrer } from '../compose/topic';
import { NEUTRAL_TRADE } from '../compose/trade';
import { hashText, pick } from '../compose/variation';
import { contentInstructions } from './prompt';
import { contactPageUrl, namesOutsideBusiness } from './site-facts';

/**
 * The offline SEO post (default content instructions): WordPress-ready HTML drawn from the parsed
 * topic, the client's trade and what the client's site says, American English, no emojis, no outside
 * businesses, and calls to action worded "Contact us" that link to the contact page. The reply starts
 * with the title in an <h1>, as a model is asked to write it. A word limit written in the instructions
 * ("800-1200 words", "about 600 words") replaces the default 1000-1500.
 */

interface Writer {
  readonly facts: DraftFacts;
  /** The topic after a preposition ("filing a hail damage insurance claim"), shorter after two uses. */
  readonly ref: () => string;
  /** The verb `be` agreeing with `about`. */
  readonly is: string;
  readonly business: string;
  readonly named: boolean;
  readonly city: string | null;
  /** "homeowners in Denver". */
  readonly readers: string;
  readonly contactUrl: string;
  readonly seed: number;
}

/** A word range written in instructions, within sane bounds for a post; else the default 1000-1500. */
export function wordRange(instructions: string): { min: number; max: number } {
  const limit = wordLimitIn(instructions);
  if (!limit || limit.max > 3000 || limit.max < 100) return { ...CLIENT_CONTENT_WORDS };
  return { min: limit.min, max: limit.max };
}

const p = (text: string): string => element('p', text);

function ctaParagraph(w: Writer, rest: string): string {
  return wrap('p', `${link(w.contactUrl, 'Contact us')} ${escapeHtml(rest)}`);
}

function titleOf(w: Writer): string {
  const raw = titleCase(w.facts.topic.raw);
  if (w.facts.topic.kind === 'how-to' || w.facts.topic.kind === 'question') return raw;
  // A topic with its own subtitle ("Spring checkups: why they matter") is already a full title.
  if (/[:?]/u.test(raw)) return raw;
  const options: [string, ...string[]] = [`${raw}: A Practical Guide`, `${raw}: What You Should Know`];
  if (w.named && !raw.toLowerCase().includes(w.business.toLowerCase()))
    options.push(`${raw}: Advice from ${w.business}`);
  return pick(options, w.seed, 'title');
}

function introBlocks(w: Writer, siteLead: string | null): string[] {
  const { topic } = w.facts;
  const openings: Record<typeof topic.kind, () => string> = {
    'how-to': () => `This post covers how to ${topic.action ?? topic.noun}.`,
    // "Do I need a will?" is asked; "Why your furnace filter matters" is a subject, not a question.
    question: () =>
      /\?$/u.test(topic.raw)
        ? `${capitalize(w.readers)} often ask us: ${capitalize(topic.raw)}`
        : `This post is about ${sentence(inSentence(topic.raw))}`,
    announcement: () => `We have news about ${w.ref()}, and we want ${w.readers} to hear it first.`,
    offer: () => `Good news for ${w.readers}: ${sentence(inSentence(topic.raw))}`,
    event: () => `Save the date: ${sentence(inSentence(topic.raw))}`,
    // "Signs your water heater needs replacing" is a whole clause: said as typed, in running text.
    list: () => `This post covers ${sentence(inSentence(topic.raw))}`,
    subject: () => `This post is about ${w.ref()}.`,
  };
  return [p(siteLead ? `${openings[topic.kind]()} ${siteLead}` : openings[topic.kind]())];
}

function offerBlocks(w: Writer, facts: readonly string[], services: readonly string[]): string[] {
  if (facts.length === 0 && services.length === 0) return [];
  const blocks = [element('h2', `What ${w.named ? `${w.business} Offers` : 'We Offer'}`)];
  // Each claim of the site is its own paragraph: claims from different pages are never merged.
  for (const fact of facts) blocks.push(p(fact));
  if (services.length > 0) blocks.push(p('Our site lists these services:'), list(services));
  return blocks;
}

/**
 * Trade advice: the warning signs and tips of the client's trade, those sharing a word with the topic
 * first. None for a business whose trade is unknown: another trade's advice would be wrong there.
 */
function adviceBlocks(w: Writer): string[] {
  const { signs, tips } = tradeAdvice(w.facts);
  if (signs.length === 0) return [];
  return [
    element('h2', 'Signs It Is Time to Act'),
    p(`These are the warning signs ${w.readers} should not ignore:`),
    list(signs),
    p(`If any of these sound familiar, book ${withArticle(w.facts.trade.check)}.`),
    element('h2', `Practical Tips for ${titleCase(w.readers)}`),
    list(tips),
  ];
}

function mentionBlocks(w: Writer): string[] {
  const sentences = mentionSentences(w.facts, 'we', w.named ? w.business : null);
  if (sentences.length === 0) return [];
  return [element('h2', 'Good to Know'), ...sentences.map((text) => p(text))];
}

function contactBlocks(w: Writer, profile: BusinessProfile): string[] {
  const ways = [
    profile.phone ? `call ${profile.phone}` : null,
    profile.email ? `email ${profile.email}` : null,
  ].filter((way): way is string => way !== null);
  if (ways.length === 0) return [];
  return [p(`To reach ${w.named ? w.business : 'our team'}, ${ways.join(' or ')}.`)];
}

function closingBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  const signOff = w.facts.instructions.signOff;
  // A business whose trade is unknown gets no made-up kind of visit.
  const next =
    trade.id === NEUTRAL_TRADE.id
      ? 'today with your questions.'
      : `today to book ${withArticle(trade.visit)}.`;
  return [element('h2', 'Ready to Get Started?'), ctaParagraph(w, next), ...(signOff ? [p(signOff)] : [])];
}

export function composeClientContent(input: ClientContentRequest, context: ToolContext): OfflineDraft {
  const profile = profileFromClient(context.client);
  const siteText = stripEmoji(context.source?.text ?? '');
  const business = profile.name ?? context.source?.siteName ?? 'our team';
  const ownHost = hostOf(input.clientUrl);
  const ownNames = [business, context.client?.name ?? '', context.source?.siteName ?? ''];
  const instructions = contentInstructions(input, context.client);
  const edited = instructions === DEFAULT_CONTENT_INSTRUCTIONS ? null : instructions;
  const facts = draftFacts({
    topic: stripEmoji(input.topic),
    profile: { ...profile, name: profile.name ?? context.source?.siteName ?? null },
    instructions: [input.prompt, edited],
    siteText,
    date: context.now,
  });
  const city = profile.city;
  const w: Writer = {
    facts,
    ref: topicReferrer(facts.topic, 1),
    is: agree('be', facts.topic.aboutPlural),
    business,
    named: business !== 'our team',
    city,
    readers: city && !facts.readers.includes(city) ? `${facts.readers} in ${city}` : facts.readers,
    contactUrl: contactPageUrl(input.clientUrl, context.source?.text ?? ''),
    seed: hashText(`${input.topic}|${input.clientUrl}`),
  };
  const siteFacts = extractiveSummary(siteText, {
    maxSentences: 10,
    maxWords: 500,
    query: [facts.topic.noun, ...facts.instructions.mentions].join(' '),
    exclude: new Set([context.source?.title ?? '']),
    accept: (sentence) => !namesOutsideBusiness(sentence, ownNames, ownHost),
  }).map((sentence) => sentence.text);
  const services = keyPhrases(siteText, 12, new Set(terms(business)))
    .filter(
      ({ phrase }) => phrase.split(/\s+/u).length >= 2 && !namesOutsideBusiness(phrase, ownNames, ownHost),
    )
    .slice(0, 5)
    .map(({ phrase }) => titleCase(phrase));

  const [lead, ...rest] = siteFacts;
  const sections: { html: string[]; priority: number; required: boolean }[] = [
    { html: introBlocks(w, lead ?? null), priority: 0, required: true },
    {
      html: [ctaParagraph(w, `to find out how we can help ${w.readers}.`)],
      priority: 0,
      required: true,
    },
    { html: mentionBlocks(w), priority: 0, required: true },
    { html: offerBlocks(w, rest, services), priority: 1, required: false },
    { html: adviceBlocks(w), priority: 2, required: false },
    { html: contactBlocks(w, profile), priority: 3, required: false },
    { html: closingBlocks(w), priority: 0, required: true },
  ];
  const range = facts.instructions.wordLimit ?? wordRange(instructions);
  const blocks = sections
    .filter((section) => section.html.length > 0)
    .map((section, order) => {
      const html = section.html.join('\n');
      return { ...section, order, html, words: wordsIn(htmlToText(html)) };
    });
  const target = 'target' in range ? range.target : Math.round((range.min + range.max) / 2);
  const chosen = fitBlocks(blocks, { min: range.min, target, max: range.max });
  return finishHtmlDraft(
    [element('h1', titleOf(w)), ...chosen.map((block) => block.html)].join('\n'),
    facts,
    range.min,
  );
}
