import { capitalize, stem, words } from '../compose/keywords';
import { plural } from '../compose/phrasing';
import { type BusinessProfile, locationOf } from '../compose/profile';
import { agree, type TopicParse } from '../compose/topic';
import type { TradeLexicon } from '../compose/trade';

/**
 * Question and answer templates of the offline FAQ. Every template is built from the parsed topic and
 * the client's trade, so questions agree with their subject ("How much do AC tune-ups cost?") and
 * answers speak the trade's language (a dentist's "treatment plan", a roofer's "written estimate").
 * Custom questions get the answer of the template they are closest to.
 */

export interface QuestionFacts {
  readonly topic: TopicParse;
  /** The topic for the next sentence: in full for the first two, then shorter. */
  readonly ref: () => string;
  readonly trade: TradeLexicon;
  readonly profile: BusinessProfile;
  /** Sentences for what the instructions ask to mention. */
  readonly mentions: readonly string[];
}

/** What answers a custom question: the words that point to it, and its answer. */
export interface AnswerTemplate {
  readonly id: string;
  /** Words of a custom question that point to this template's answer. */
  readonly cues: readonly string[];
  /** Words that rule this template out for a custom question, whatever its cues. */
  readonly unless?: readonly string[];
  answer(facts: QuestionFacts): string;
}

/** A template of the generated list: it asks its own question too. */
export interface FaqTemplate extends AnswerTemplate {
  question(facts: QuestionFacts): string;
}

/** The topic as a reader asks about it: "my smile checkup", not "your smile checkup". */
export function asAsked(ref: () => string): string {
  return ref().replace(/^your\s/iu, 'my ');
}

/** The topic in general terms: "smile checkups" rather than "your smile checkup". */
function inGeneral(topic: TopicParse, ref: () => string): string {
  return /^(?:your|our)\s/iu.test(topic.about) ? topic.nouns : ref();
}

const pronoun = (topic: TopicParse): string => (topic.aboutPlural ? 'they' : 'it');

function helper(profile: BusinessProfile, trade: TradeLexicon): string {
  return profile.name ?? trade.pro;
}

function reach(profile: BusinessProfile): string {
  const ways = [
    profile.phone ? `call ${profile.phone}` : null,
    profile.email ? `email ${profile.email}` : null,
  ].filter((way): way is string => way !== null);
  return ways.length === 0 ? '' : ` You can ${ways.join(' or ')}.`;
}

export const FAQ_TEMPLATES: readonly FaqTemplate[] = [
  {
    id: 'basics',
    cues: ['what', 'mean', 'know', 'basic', 'explain'],
    question: ({ ref }) => `What should I know about ${asAsked(ref)}?`,
    answer: ({ topic, ref, trade, profile }) =>
      `Start with the basics: what ${ref()} ${agree('involve', topic.aboutPlural)}, what ${pronoun(topic)} ${agree('cost', topic.aboutPlural)} and who should do the work. ${capitalize(helper(profile, trade))} can walk you through your options in plain language.`,
  },
  {
    id: 'why',
    cues: ['why', 'important', 'matter', 'worth', 'need'],
    question: ({ topic, ref }) => `Why ${agree('do', topic.aboutPlural)} ${asAsked(ref)} matter?`,
    answer: ({ ref }) =>
      `Getting ${ref()} right protects your time, your budget and your peace of mind. Small issues handled early rarely turn into big, expensive ones.`,
  },
  {
    id: 'cost',
    cues: ['cost', 'price', 'expensive', 'much', 'pay', 'afford', 'budget', 'fee', 'charge'],
    question: ({ topic, ref }) =>
      topic.action
        ? `How much does it cost to ${topic.action}?`
        : `How much ${agree('do', topic.aboutPlural)} ${asAsked(ref)} cost?`,
    answer: ({ ref, trade, profile }) =>
      `The cost of ${ref()} depends on what is involved and how soon you need it. The most reliable way to know is a ${trade.quote} before anything begins${profile.name ? `, which you can request from ${profile.name}` : ''}.`,
  },
  {
    id: 'time',
    cues: ['long', 'time', 'take', 'fast', 'quick', 'when', 'schedule', 'weekend', 'weekends'],
    question: ({ topic, trade }) =>
      topic.action
        ? `How long does it take to ${topic.action}?`
        : `How long does a typical ${trade.visit} take?`,
    answer: ({ trade }) =>
      `Most ${plural(trade.visit)} are measured in hours rather than days, but the exact time depends on what is involved. Ask for a timeline when you book, so you can plan around it.`,
  },
  {
    id: 'often',
    cues: ['often', 'frequency', 'regular', 'year', 'annual', 'routine', 'maintenance'],
    question: ({ ref }) => `How often should I think about ${asAsked(ref)}?`,
    answer: ({ trade }) =>
      `A ${trade.check} once a year is a sensible default, with an extra look after any change you notice.`,
  },
  {
    id: 'signs',
    cues: ['sign', 'signs', 'tell', 'warning', 'symptom', 'know'],
    question: ({ ref }) => `What are the signs that I need help with ${asAsked(ref)}?`,
    answer: ({ trade }) => `${trade.signs.join(' ')} Any of these is a good reason to book a ${trade.check}.`,
  },
  {
    id: 'mistakes',
    cues: ['mistake', 'avoid', 'wrong', 'problem', 'error'],
    question: ({ ref }) => `What mistakes should I avoid with ${asAsked(ref)}?`,
    answer: ({ trade }) =>
      `The most common mistakes are waiting too long and choosing on price alone. A clear plan and a ${trade.quote} before anything begins avoid both.`,
  },
  {
    id: 'choose',
    cues: ['choose', 'hire', 'pick', 'best', 'professional', 'company', 'contractor', 'provider'],
    question: ({ ref }) => `How do I choose the right professional for ${asAsked(ref)}?`,
    answer: ({ profile, trade }) =>
      `Look for experience, clear communication, a ${trade.quote} up front and reviews from ${trade.customers}${profile.city ? ` in ${profile.city}` : ''}.`,
  },
  {
    id: 'start',
    cues: ['start', 'begin', 'first', 'step', 'contact', 'book', 'appointment'],
    question: ({ ref }) => `How do I get started with ${asAsked(ref)}?`,
    answer: ({ profile, trade }) =>
      `Write down what you need and any questions you have, then contact ${helper(profile, trade)} to book a ${trade.visit}.${reach(profile)}`,
  },
];

/** Only with a known business: does it serve the reader? */
export const SERVICE_AREA_TEMPLATE: FaqTemplate = {
  id: 'area',
  cues: ['area', 'serve', 'location', 'near', 'local', 'where'],
  question: ({ topic, ref, profile }) =>
    `Does ${profile.name ?? 'your team'} help with ${inGeneral(topic, ref)}${profile.city ? ` in ${profile.city}` : ''}?`,
  answer: ({ topic, ref, profile, trade }) => {
    const place = locationOf(profile);
    return `Yes, ${profile.name ?? 'our team'} works with ${trade.customers}${place ? ` in and around ${place}` : ''} on ${inGeneral(topic, ref)}.${reach(profile)}`;
  },
};

/** The topic itself when it is a question: the first item, answered honestly. */
export const TOPIC_QUESTION_TEMPLATE: FaqTemplate = {
  id: 'topic',
  cues: [],
  question: ({ topic }) => `${capitalize(topic.raw.replace(/[?.!]+$/u, ''))}?`,
  answer: ({ trade, profile }) =>
    `The honest answer depends on your situation: what you need, your timeline and your budget. ${capitalize(helper(profile, trade))} can look at the details with you and give you a clear answer.`,
};

/**
 * Answers a custom question about how long a thing lasts ("How long does a new roof last?"), which
 * shares 'long' with the time template, whose answer is how long a visit takes. A visit, a treatment
 * or a job that lasts is a question of time, so those words leave it to the time template. Never in
 * the generated list: a lifespan question does not fit every trade (a lawyer's, a vet's).
 */
export const LIFESPAN_TEMPLATE: AnswerTemplate = {
  id: 'lifespan',
  cues: ['last', 'lifespan', 'durable', 'outlast', 'expectancy'],
  unless: [
    'appointment',
    'visit',
    'session',
    'treatment',
    'procedure',
    'consultation',
    'install',
    'installation',
    'replacement',
    'repair',
    'job',
    'project',
    'case',
    'meeting',
    'process',
    'inspection',
    'checkup',
    'exam',
    'cleaning',
    'service',
  ],
  answer: ({ profile, trade }) =>
    `How long it lasts depends on the materials, the quality of the work and how well it is looked after. A ${trade.check} once a year helps it last, and ${helper(profile, trade)} can tell you what to expect in your case.`,
};

/** What the instructions ask to mention, as one question with their sentences as the answer. */
export function mentionTemplate(mentions: readonly string[]): FaqTemplate {
  return {
    id: 'mentions',
    cues: [],
    question: ({ profile }) =>
      `Is there anything else I should know${profile.name ? ` about ${profile.name}` : ''}?`,
    answer: () => mentions.join(' '),
  };
}

/** The template whose cue words a custom question shares most; null when it shares none. */
export function closestTemplate(
  question: string,
  templates: readonly AnswerTemplate[],
): AnswerTemplate | null {
  const stems = new Set(words(question).map(stem));
  let best: AnswerTemplate | null = null;
  let bestScore = 0;
  for (const template of templates) {
    if (template.unless?.some((word) => stems.has(stem(word)))) continue;
    const score = template.cues.filter((cue) => stems.has(stem(cue))).length;
    if (score > bestScore) {
      best = template;
      bestScore = score;
    }
  }
  return best;
}
