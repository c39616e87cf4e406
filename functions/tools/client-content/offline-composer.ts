import type { ToolContext } from '#functions/generation/tool-definition';
import { DEFAULT_CONTENT_INSTRUCTIONS } from '#shared/client';
import { htmlToText } from '#shared/text';
import { CLIENT_CONTENT_WORDS, type ClientContentRequest } from '#shared/tools/client-content';
import { type DraftFacts, draftFacts, fitBlocks, mentionSentences, wordsIn } from '../compose/draft';
import { element, escapeHtml, link, list, wrap } from '../compose/html';
import { wordLimitIn } from '../compose/instructions';
import { capitalize, keyPhrases, terms, titleCase } from '../compose/keywords';
import { hostOf, stripEmoji } from '../compose/phrasing';
import { type BusinessProfile, profileFromClient } from '../compose/profile';
import { extractiveSummary } from '../compose/summarize';
import { agree, topicReferrer } from '../compose/topic';
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
  const { topic, trade, season } = w.facts;
  const openings: Record<typeof topic.kind, () => string> = {
    'how-to': () =>
      `Knowing how to ${topic.action ?? topic.noun} saves time, money and stress when it matters most.`,
    question: () =>
      `${capitalize(w.readers)} ask us about ${/^(?:your|our)\s/iu.test(topic.about) ? topic.nouns : w.ref()} all the time, and the honest answer depends on a few things worth knowing.`,
    announcement: () => `We have news about ${w.ref()}, and we want ${w.readers} to hear it first.`,
    offer: () => `Good news for ${w.readers}: we are making ${w.ref()} easier to say yes to.`,
    event: () => `Save the date: our ${w.ref()} is coming up, and everyone is welcome.`,
    list: () => `A few simple checks go a long way when it comes to ${w.ref()}.`,
    subject: () =>
      `${capitalize(w.ref())} ${w.is} easy to put off until the day ${topic.aboutPlural ? 'they become' : 'it becomes'} urgent.`,
  };
  const opening = openings[topic.kind]();
  return [
    p(
      topic.kind === 'question'
        ? `${opening} This ${season}, we want to help ${w.readers} find a clear answer: what matters, what is involved and when to get help.`
        : topic.kind === 'how-to' || topic.kind === 'list'
          ? `${opening} This ${season}, we walk ${w.readers} through it step by step: what to do first, where a professional helps and which mistakes to avoid.`
          : `${opening} This ${season}, we want to help ${w.readers} understand what ${w.ref()} ${agree('involve', topic.aboutPlural)}, what ${topic.aboutPlural ? 'they cost' : 'it costs'} and how to tell whether the work was done right.`,
    ),
    p(
      `${siteLead ?? (w.named ? `At ${w.business}, we believe well-informed ${w.facts.trade.customers} make the best decisions.` : `We believe well-informed ${trade.customers} make the best decisions.`)} Below, we explain what is at stake, what the process looks like, the warning signs to watch for and the practical steps that keep small issues small.`,
    ),
  ];
}

function whyBlocks(w: Writer): string[] {
  const { topic, trade } = w.facts;
  return [
    element('h2', `Why Acting Early Pays Off${w.city && !topic.place ? ` in ${w.city}` : ''}`),
    p(
      `It is tempting to leave ${w.ref()} for later. In practice, waiting almost always costs more than acting early: small problems grow quietly, and by the time they are obvious, the fix is bigger, slower and more disruptive than it needed to be.`,
    ),
    p(
      `Timing matters too. In ${w.facts.season}, schedules${(topic.place ?? w.city) ? ` in ${topic.place ?? w.city}` : ''} fill quickly, and a problem found early is easier to deal with than one found in a hurry. Paying attention now protects your budget, your schedule and your peace of mind.`,
    ),
    p(
      `There is also the question of value. Work that is planned and done properly the first time lasts longer than a rushed fix, which is why ${trade.pro} looks at the whole picture before recommending anything.`,
    ),
  ];
}

function offerBlocks(w: Writer, facts: readonly string[], services: readonly string[]): string[] {
  if (facts.length === 0 && services.length === 0) return [];
  const blocks = [element('h2', `What ${w.named ? `${w.business} Offers` : 'We Offer'}`)];
  if (facts.length > 0) blocks.push(p(facts.slice(0, 3).join(' ')));
  if (facts.length > 3) blocks.push(p(facts.slice(3, 6).join(' ')));
  if (services.length > 0)
    blocks.push(p('Here are some of the areas where our team can help:'), list(services));
  return blocks;
}

function processBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'What to Expect, Step by Step'),
    p(
      `Knowing what happens at each stage takes the stress out of ${w.ref()}. Every situation is a little different, but most follow the same three steps.`,
    ),
    element('h3', `Step 1: ${titleCase(trade.check)}`),
    p(
      `Everything starts with a careful ${trade.check}. It finds the real cause, not just the symptoms, and gives you what you need to compare options. Ask questions at this stage; there are no bad ones.`,
    ),
    element('h3', 'Step 2: A Clear Recommendation'),
    p(
      `Next comes a recommendation in plain language: what needs to be done, what can wait and what it will cost. You should receive a ${trade.quote} before anything begins, along with a realistic timeline.`,
    ),
    element('h3', 'Step 3: Careful Work and a Final Check'),
    p(
      `Finally, the work gets done. It should be done carefully and on schedule, and it should end with a review of the result so you can ask any last questions.`,
    ),
  ];
}

function signsBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'Signs It Is Time to Act'),
    p(`Not sure whether it is time to call ${trade.pro}? These are the warning signs we see most often:`),
    list([...trade.signs]),
    p(
      `If any of these sound familiar, book a ${trade.check}. Catching a problem early is almost always faster and less expensive than waiting.`,
    ),
  ];
}

function tipsBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', `Practical Tips for ${titleCase(w.readers)}`),
    p('A few small habits prevent most of the trouble we see:'),
    list([...trade.tips]),
    p(
      'Each of these steps takes only a few minutes. Planning ahead also gives you more choice of dates and more time to compare options without pressure.',
    ),
  ];
}

function budgetBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'Planning Your Budget'),
    p(
      `The cost of ${w.ref()} depends on the size of the job, what is involved and how urgent it is. Urgent work usually costs more than planned work, which is one more reason to stay ahead of problems.`,
    ),
    p(
      `When you compare options, look beyond the bottom line. Check what each ${trade.quote} includes, the quality of the work, any guarantee and the experience of the people involved. The lowest price is not always the best value.`,
    ),
  ];
}

function mythBlocks(w: Writer): string[] {
  const { topic } = w.facts;
  return [
    element('h2', 'Common Misconceptions'),
    p(
      `One common belief is that ${w.ref()} only ${agree('matter', topic.aboutPlural)} when something goes wrong. In reality, regular attention is what keeps things from going wrong, and it usually costs far less than a repair.`,
    ),
    p(
      'Another is that every job needs the most expensive solution. A good professional explains your options honestly, including the simple ones, and helps you choose what fits your needs and your budget.',
    ),
  ];
}

function seasonBlocks(w: Writer): string[] {
  const { trade, season } = w.facts;
  return [
    element('h2', `Planning for ${capitalize(season)}`),
    p(
      `Every season brings its own demands, and ${season} is no exception. Busy weeks fill up quickly, so ${w.readers} who plan ${w.ref()} early get more choice of dates and a calmer experience.`,
    ),
    p(
      `If you have been meaning to book a ${trade.check}, this is a good time to do it. A short conversation now can spare you a rushed decision later in the year.`,
    ),
  ];
}

function questionsBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'Questions to Ask Before You Decide'),
    p('Asking a few questions up front prevents surprises later. Before you commit, ask:'),
    list([
      'What exactly is included, and what is not?',
      'How long will it take, and what could change the timeline?',
      `Will I get a ${trade.quote} before anything begins?`,
      'What happens if something unexpected comes up?',
    ]),
    p('A trustworthy provider will be glad to answer every one of these questions in plain language.'),
  ];
}

function checklistBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'A Simple Checklist'),
    p(
      `Print this list or save it on your phone. It covers the basics of ${w.ref()} in a few minutes a year:`,
    ),
    list([
      ...trade.tips,
      `Book a ${trade.check} once a year.`,
      'Write down anything unusual as soon as you notice it.',
    ]),
    p(
      `None of these steps takes long, and together they make a real difference. When something on the list raises a question, ${trade.pro} can give you a straight answer.`,
    ),
  ];
}

function approachBlocks(w: Writer): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'How We Work'),
    p(
      `We start by listening. Every ${trade.visit} begins with your questions and your priorities, and we explain what we find in plain language before recommending anything.`,
    ),
    p(
      'We keep you informed from start to finish, we respect your time and we stand behind our work. If something does not meet your expectations, we want to hear about it and make it right.',
    ),
  ];
}

function mentionBlocks(w: Writer): string[] {
  const sentences = mentionSentences(w.facts, 'we', w.named ? w.business : null);
  if (sentences.length === 0) return [];
  return [element('h2', 'Good to Know'), ...sentences.map((text) => p(text))];
}

function faqBlocks(w: Writer, profile: BusinessProfile): string[] {
  const { trade } = w.facts;
  return [
    element('h2', 'Frequently Asked Questions'),
    element('h3', `How long does ${w.ref()} take?`),
    p(
      `It depends on the scope, but most ${trade.customers} are surprised by how quickly it goes once there is a plan. Ask for a timeline at your ${trade.visit}.`,
    ),
    element('h3', `What does ${w.ref()} cost?`),
    p(
      `Every situation is different, so the honest answer comes after a ${trade.check}. You will get a ${trade.quote} before anything begins${profile.phone ? `; call ${profile.phone} to arrange one` : ''}.`,
    ),
    element('h3', 'How do I choose the right professional?'),
    p(
      `Look for experience, clear communication, a ${trade.quote} up front and reviews from ${trade.customers}${w.city ? ` in ${w.city}` : ''}.`,
    ),
  ];
}

function whyUsBlocks(w: Writer, profile: BusinessProfile, facts: readonly string[]): string[] {
  const local = w.city ? `Based in ${w.city}, we` : 'We';
  return [
    element('h2', `Why Choose ${w.named ? w.business : 'Us'}`),
    p(
      `${local} treat every ${w.facts.trade.customers.replace(/s$/u, '')} the way we would want to be treated: with honest advice, clear pricing and work done right the first time.${facts.length > 0 ? ` ${facts.join(' ')}` : ''}`,
    ),
    p(
      `${profile.phone ? `You can reach our team at ${profile.phone}` : 'Our team is easy to reach'}${profile.email ? ` or by email at ${profile.email}` : ''}, and we take the time to understand what you need before recommending anything.`,
    ),
  ];
}

function closingBlocks(w: Writer): string[] {
  const { topic, trade } = w.facts;
  const signOff = w.facts.instructions.signOff;
  return [
    element('h2', 'Ready to Get Started?'),
    p(
      `${capitalize(w.ref())} ${agree('do', topic.aboutPlural)} not have to be complicated. With the right information and the right partner, you can make a decision you feel good about.`,
    ),
    ctaParagraph(
      w,
      `today to book your ${trade.visit}. We will answer your questions, explain your options and help you plan the next step.`,
    ),
    ...(signOff ? [p(signOff)] : []),
  ];
}

export function composeClientContent(input: ClientContentRequest, context: ToolContext): string {
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
    maxSentences: 8,
    maxWords: 220,
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
    { html: whyBlocks(w), priority: 1, required: false },
    { html: offerBlocks(w, rest.slice(0, 6), services), priority: 1, required: false },
    { html: processBlocks(w), priority: 2, required: false },
    { html: signsBlocks(w), priority: 3, required: false },
    { html: tipsBlocks(w), priority: 4, required: false },
    // A task has no price of its own: budget and myths are about services.
    ...(facts.topic.action
      ? []
      : [
          { html: budgetBlocks(w), priority: 6, required: false },
          { html: mythBlocks(w), priority: 7, required: false },
        ]),
    { html: faqBlocks(w, profile), priority: 5, required: false },
    { html: seasonBlocks(w), priority: 8, required: false },
    { html: questionsBlocks(w), priority: 9, required: false },
    { html: checklistBlocks(w), priority: 10, required: false },
    { html: approachBlocks(w), priority: 11, required: false },
    { html: whyUsBlocks(w, profile, rest.slice(6)), priority: 2, required: false },
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
  return [element('h1', titleOf(w)), ...chosen.map((block) => block.html)].join('\n');
}
