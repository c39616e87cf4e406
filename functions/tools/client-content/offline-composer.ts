import type { ToolContext } from '#functions/generation/tool-definition';
import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { countWords, htmlToText } from '#shared/text';
import { CLIENT_CONTENT_WORDS, type ClientContentRequest } from '#shared/tools/client-content';
import { season } from '../compose/dates';
import { focusPhrases } from '../compose/focus';
import { element, escapeHtml, link, list, wrap } from '../compose/html';
import { capitalize, keyPhrases, terms, titleCase } from '../compose/keywords';
import { hostOf, inSentence, stripEmoji } from '../compose/phrasing';
import { type BusinessProfile, locationOf, profileFromClient } from '../compose/profile';
import { extractiveSummary } from '../compose/summarize';
import { hashText, pick, rotate } from '../compose/variation';
import { FAQ_TEMPLATES, type QuestionFacts } from '../faq/faq-items';
import { contentInstructions } from './prompt';
import { contactPageUrl, namesOutsideBusiness } from './site-facts';

/**
 * The offline SEO post (default content instructions): 1000-1500 words of WordPress-ready HTML drawn
 * from what the client's site says, American English, no emojis, no outside businesses, and calls to
 * action worded "Contact us" that link to the contact page. The reply starts with the title in an
 * <h1>, as a model is asked to write it. A word range written in the instructions ("800-1200 words")
 * replaces the default one.
 */

interface Block {
  /** Position in the post. */
  readonly order: number;
  /** Lower is kept first when the word budget is tight; required blocks are always kept. */
  readonly priority: number;
  readonly required: boolean;
  readonly html: string;
}

interface Writer {
  readonly topic: string;
  readonly Topic: string;
  readonly business: string;
  readonly place: string | null;
  readonly city: string | null;
  readonly audience: string;
  readonly contactUrl: string;
  readonly seed: number;
  readonly now: Date;
}

/** A word range written in instructions ("1000-1500 words", "800 to 1200 words"), within sane bounds. */
export function wordRange(instructions: string): { min: number; max: number } {
  const match = /(\d{3,4})\s*(?:-|–|—|to)\s*(\d{3,4})\s*words/iu.exec(instructions);
  const min = Number(match?.[1]);
  const max = Number(match?.[2]);
  if (!match || !(min >= 300 && max <= 3000 && min < max)) return { ...CLIENT_CONTENT_WORDS };
  return { min, max };
}

const p = (text: string): string => element('p', text);

function ctaParagraph(w: Writer, rest: string): string {
  return wrap('p', `${link(w.contactUrl, 'Contact us')} ${escapeHtml(rest)}`);
}

function titleOf(w: Writer): string {
  const options: [string, ...string[]] = [`A Practical Guide to ${w.Topic}`];
  if (w.city) options.push(`${w.Topic} in ${w.city}: What You Should Know`);
  if (w.business !== 'our team') options.push(`${w.Topic}: Expert Advice from ${w.business}`);
  return pick(options, w.seed, 'title');
}

function introBlocks(w: Writer, siteLead: string | null): string[] {
  const opening = pick(
    [
      `When it comes to ${w.topic}, a little knowledge goes a long way.`,
      `${capitalize(w.topic)} is one of those subjects that is easy to put off until it suddenly becomes urgent.`,
      `If ${w.topic} is on your mind, you are not alone.`,
    ],
    w.seed,
    'opening',
  );
  return [
    p(
      `${opening} ${capitalize(w.audience)} ask us about it every ${season(w.now)}, and the same questions come up again and again: what it involves, what it costs, how long it takes and how to tell whether the work was done right. This guide answers those questions in plain language, so you can make a confident decision.`,
    ),
    p(
      `${siteLead ?? `At ${w.business}, we believe well-informed customers make the best decisions.`} Below, we walk through why ${w.topic} matters, what the process looks like, the warning signs to watch for and the practical steps that keep small issues from turning into expensive ones.`,
    ),
  ];
}

function whyBlocks(w: Writer): string[] {
  return [
    element('h2', `Why ${w.Topic} Matters${w.city ? ` in ${w.city}` : ''}`),
    p(
      `It is tempting to treat ${w.topic} as something to deal with later. In practice, the cost of waiting is almost always higher than the cost of acting early. Problems that start small tend to grow quietly, and by the time they are obvious, the fix is bigger, slower and more disruptive than it needed to be.`,
    ),
    p(
      `${w.place ? `Local conditions in ${w.place} add their own pressure.` : 'Local conditions add their own pressure.'} Seasonal weather, the age of many homes and buildings, and the way people use their property all affect how ${w.topic} plays out over time. Paying attention now protects your budget, your schedule and your peace of mind.`,
    ),
    p(
      `There is also the question of value. Work on ${w.topic} that is planned and done properly the first time lasts longer and performs better than a rushed repair. That is why we always recommend looking at the whole picture before deciding on a fix.`,
    ),
  ];
}

function offerBlocks(w: Writer, facts: readonly string[], services: readonly string[]): string[] {
  if (facts.length === 0 && services.length === 0) return [];
  const blocks = [element('h2', `What ${w.business === 'our team' ? 'We Offer' : `${w.business} Offers`}`)];
  if (facts.length > 0) blocks.push(p(facts.slice(0, 3).join(' ')));
  if (facts.length > 3) blocks.push(p(facts.slice(3, 6).join(' ')));
  if (services.length > 0) {
    blocks.push(p(`Here are some of the areas where our team can help:`), list(services));
  }
  return blocks;
}

function processBlocks(w: Writer): string[] {
  return [
    element('h2', `How ${w.Topic} Works: What to Expect`),
    p(
      `Knowing what happens at each stage takes the stress out of ${w.topic}. While every project is a little different, most follow the same three steps.`,
    ),
    element('h3', 'Step 1: An Honest Assessment'),
    p(
      'Everything starts with a careful look at your situation. A good assessment identifies the real cause of the problem, not just the symptoms, and gives you the information you need to compare options. Ask questions at this stage; there are no bad ones.',
    ),
    element('h3', 'Step 2: A Clear Recommendation'),
    p(
      'Next comes a recommendation in plain language: what needs to be done, what can wait and what it will cost. You should receive the price in writing before any work begins, along with a realistic timeline.',
    ),
    element('h3', 'Step 3: Careful Work and a Final Check'),
    p(
      `Finally, the work itself. It should be done neatly, safely and on schedule, and it should end with a walkthrough so you can see the result and ask any last questions about ${w.topic}.`,
    ),
  ];
}

function signsBlocks(w: Writer): string[] {
  return [
    element('h2', 'Signs It Is Time to Act'),
    p(
      `Not sure whether ${w.topic} needs attention right now? These are the warning signs we see most often:`,
    ),
    list([
      'Something looks, sounds or smells different than it used to.',
      'Performance has dropped, even though nothing else has changed.',
      'Your bills have crept up without a clear reason.',
      'A small issue keeps coming back after a quick fix.',
      'It has been more than a year since anyone checked.',
    ]),
    p(
      'If any of these sound familiar, it is worth having a professional take a look. Catching a problem early is almost always faster and less expensive than waiting.',
    ),
  ];
}

function tipsBlocks(w: Writer): string[] {
  return [
    element('h2', `Tips for Getting the Most from ${w.Topic}`),
    element('h3', 'Plan Ahead'),
    p(
      `The best time to think about ${w.topic} is before you need it. Scheduling work in a quieter season gives you more choice of dates and more time to compare options without pressure.`,
    ),
    element('h3', 'Keep Good Records'),
    p(
      'Keep invoices, warranty papers and notes about past work in one place. A clear history helps any technician understand your situation quickly, and it adds value if you ever sell your property.',
    ),
    element('h3', 'Ask the Right Questions'),
    p(
      'Before you agree to any work, ask what is included, what is not, how long it will take and what happens if something unexpected comes up. A trustworthy provider will be glad to answer.',
    ),
  ];
}

function budgetBlocks(w: Writer): string[] {
  return [
    element('h2', 'Planning Your Budget'),
    p(
      `The cost of ${w.topic} depends on the size of the job, the materials involved and how urgent it is. Emergency work usually costs more than planned work, which is one more reason to stay ahead of problems.`,
    ),
    p(
      'When you compare estimates, look beyond the bottom line. Check what each one includes, the quality of the materials, the warranty offered and the experience of the people doing the work. The lowest price is not always the best value.',
    ),
  ];
}

function mythBlocks(w: Writer): string[] {
  return [
    element('h2', 'Common Misconceptions'),
    p(
      `One common belief is that ${w.topic} only matters when something breaks. In reality, regular attention is what keeps things from breaking in the first place, and it usually costs far less than a repair.`,
    ),
    p(
      'Another is that every job needs the most expensive solution. A good professional will explain your options honestly, including the simple ones, and help you choose what fits your needs and your budget.',
    ),
  ];
}

function focusBlocks(w: Writer, phrase: string, position: number): string[] {
  const opener = rotate(
    [
      `Take a closer look at the ${phrase} when you plan ${w.topic}.`,
      `Many of our customers ask about the ${phrase}, and for good reason.`,
      `Do not overlook the ${phrase}.`,
    ],
    w.seed,
    'focus',
  )[position % 3];
  return [
    element('h2', titleCase(phrase)),
    p(
      `${opener} It can change the best approach for your property, your timeline and your budget, so bring it up early in the conversation. We are always happy to explain what the ${phrase} means for your situation.`,
    ),
  ];
}

function faqBlocks(w: Writer, profile: BusinessProfile, focus: readonly string[]): string[] {
  const facts: QuestionFacts = { topic: w.topic, profile, focus };
  const templates = rotate(
    FAQ_TEMPLATES.filter((template) => ['cost', 'time', 'often', 'diy', 'choose'].includes(template.id)),
    w.seed,
    'faq',
  ).slice(0, 3);
  return [
    element('h2', 'Frequently Asked Questions'),
    ...templates.flatMap((template) => [element('h3', template.question(facts)), p(template.answer(facts))]),
  ];
}

function whyUsBlocks(w: Writer, profile: BusinessProfile, facts: readonly string[]): string[] {
  const local = w.place ? `Based in ${w.place}, we` : 'We';
  return [
    element('h2', `Why Choose ${w.business === 'our team' ? 'Us' : w.business}`),
    p(
      `${local} know the homes, businesses and conditions in our area, and we treat every customer the way we would want to be treated: with honest advice, clear pricing and work that is done right the first time.${facts.length > 0 ? ` ${facts.join(' ')}` : ''}`,
    ),
    p(
      `${profile.phone ? `You can reach our team at ${profile.phone}` : 'Our team is easy to reach'}${profile.email ? ` or by email at ${profile.email}` : ''}, and we will take the time to understand what you need before recommending anything.`,
    ),
  ];
}

function closingBlocks(w: Writer): string[] {
  return [
    element('h2', 'Ready to Get Started?'),
    p(
      `${capitalize(w.topic)} does not have to be complicated. With the right information and the right partner, you can make a decision you feel good about and avoid costly surprises down the road.`,
    ),
    ctaParagraph(
      w,
      `today to talk about ${w.topic}${w.city ? ` in ${w.city}` : ''}. We will answer your questions, explain your options and help you plan the next step.`,
    ),
  ];
}

function selectBlocks(blocks: readonly Block[], range: { min: number; max: number }): Block[] {
  const target = Math.round((range.min + range.max) / 2);
  const chosen = blocks.filter((block) => block.required);
  let words = chosen.reduce((sum, block) => sum + countWords(htmlToText(block.html)), 0);
  const optional = blocks
    .filter((block) => !block.required)
    .sort((a, b) => a.priority - b.priority || a.order - b.order);
  for (const block of optional) {
    const size = countWords(htmlToText(block.html));
    if (words >= target && words >= range.min) break;
    if (words + size > range.max) continue;
    chosen.push(block);
    words += size;
  }
  return chosen.sort((a, b) => a.order - b.order);
}

export function composeClientContent(input: ClientContentRequest, context: ToolContext): string {
  const profile = profileFromClient(context.client);
  const siteText = stripEmoji(context.source?.text ?? '');
  const business = profile.name ?? context.source?.siteName ?? 'our team';
  const ownHost = hostOf(input.clientUrl);
  const ownNames = [business, context.client?.name ?? '', context.source?.siteName ?? ''];
  const instructions = contentInstructions(input, context.client);
  const focus = focusPhrases(
    [input.prompt, instructions === DEFAULT_CONTENT_INSTRUCTIONS ? null : instructions],
    2,
    input.topic,
  );
  const w: Writer = {
    topic: inSentence(stripEmoji(input.topic)),
    Topic: titleCase(stripEmoji(input.topic).trim()),
    business,
    place: locationOf(profile),
    city: profile.city,
    audience: profile.city ? `homeowners and businesses in ${profile.city}` : 'our customers',
    contactUrl: contactPageUrl(input.clientUrl, context.source?.text ?? ''),
    seed: hashText(`${input.topic}|${input.clientUrl}`),
    now: context.now,
  };
  const facts = extractiveSummary(siteText, {
    maxSentences: 8,
    maxWords: 220,
    query: [input.topic, ...focus].join(' '),
    exclude: new Set([context.source?.title ?? '']),
    accept: (sentence) => !namesOutsideBusiness(sentence, ownNames, ownHost),
  }).map((sentence) => sentence.text);
  const businessTerms = new Set(terms(business));
  const services = keyPhrases(siteText, 12, businessTerms)
    .filter(
      ({ phrase }) => phrase.split(/\s+/u).length >= 2 && !namesOutsideBusiness(phrase, ownNames, ownHost),
    )
    .slice(0, 5)
    .map(({ phrase }) => titleCase(phrase));

  const [lead, ...rest] = facts;
  const sections: { html: string[]; priority: number; required: boolean }[] = [
    { html: introBlocks(w, lead ?? null), priority: 0, required: true },
    {
      html: [ctaParagraph(w, `to find out how we can help with ${w.topic}.`)],
      priority: 0,
      required: true,
    },
    { html: whyBlocks(w), priority: 1, required: false },
    { html: offerBlocks(w, rest.slice(0, 6), services), priority: 1, required: false },
    { html: processBlocks(w), priority: 2, required: false },
    ...focus.map((phrase, index) => ({ html: focusBlocks(w, phrase, index), priority: 1, required: false })),
    { html: signsBlocks(w), priority: 3, required: false },
    { html: tipsBlocks(w), priority: 4, required: false },
    { html: budgetBlocks(w), priority: 6, required: false },
    { html: mythBlocks(w), priority: 7, required: false },
    { html: faqBlocks(w, profile, focus), priority: 5, required: false },
    { html: whyUsBlocks(w, profile, rest.slice(6)), priority: 2, required: false },
    { html: closingBlocks(w), priority: 0, required: true },
  ];
  const blocks = sections.map((section, order) => ({ ...section, order, html: section.html.join('\n') }));
  const chosen = selectBlocks(blocks, wordRange(instructions));
  return [element('h1', titleOf(w)), ...chosen.map((block) => block.html)].join('\n');
}
