import { capitalize, stem, terms, words } from '../compose/keywords';
import { type BusinessProfile, locationOf } from '../compose/profile';
import { splitSentences } from '../compose/sentences';
import { withArticle } from '../compose/tidy';
import { agree, type TopicParse } from '../compose/topic';
import { NEUTRAL_TRADE, type TradeLexicon } from '../compose/trade';

/**
 * Question and answer templates of the offline FAQ. An answer answers: it says what the client's
 * instructions and profile say, or what the client's trade knows (a dentist's warning signs, a
 * roofer's yearly inspection), and when neither holds the answer it says, in brackets, what the
 * client should add ("[Add your Saturday walk-in policy here.]"), easy to spot and replace. No answer
 * is a sentence that would fit any question.
 */

export interface QuestionFacts {
  readonly topic: TopicParse;
  /** The topic for the next sentence: in full for the first two, then shorter. */
  readonly ref: () => string;
  readonly trade: TradeLexicon;
  readonly profile: BusinessProfile;
  /** Sentences for what the instructions ask to mention. */
  readonly mentions: readonly string[];
  /** Every sentence of the instructions, to answer questions from. */
  readonly knowledge: readonly string[];
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

const knownTrade = (trade: TradeLexicon): boolean => trade.id !== NEUTRAL_TRADE.id;

/** The topic as a reader asks about it: "my smile checkup", not "your smile checkup". */
export function asAsked(ref: () => string): string {
  return ref().replace(/^your\s/iu, 'my ');
}

/**
 * A question with the topic in it when the parse is sure of it, else the same question without it: an
 * FAQ page is about its topic, so "How much does it cost?" reads right where a quoted fragment would not.
 */
const ask = (facts: QuestionFacts, withTopic: (topic: string) => string, without: string): string =>
  facts.topic.confident ? withTopic(asAsked(facts.ref)) : without;

/** The topic in general terms: "smile checkups" rather than "your smile checkup". */
function inGeneral(topic: TopicParse, ref: () => string): string {
  return /^(?:your|our)\s/iu.test(topic.about) ? topic.nouns : ref();
}

function helper(profile: BusinessProfile, trade: TradeLexicon): string {
  return profile.name ?? (knownTrade(trade) ? trade.pro : 'our team');
}

function reach(profile: BusinessProfile): string {
  const ways = [
    profile.phone ? `call ${profile.phone}` : null,
    profile.email ? `email ${profile.email}` : null,
  ].filter((way): way is string => way !== null);
  return ways.length === 0 ? '' : ` You can ${ways.join(' or ')}.`;
}

/** A note for the client, in brackets so it is easy to find and replace. */
export const toAdd = (what: string): string => `[Add ${what} here.]`;

/** The topic as the object of "for": the task or the noun phrase, never a fragment. */
const topicFor = ({ topic, ref }: QuestionFacts): string => (topic.action ? topic.about : ref());

export const FAQ_TEMPLATES: readonly FaqTemplate[] = [
  {
    id: 'cost',
    cues: ['cost', 'price', 'expensive', 'much', 'pay', 'afford', 'budget', 'fee', 'charge'],
    question: (facts) =>
      facts.topic.action
        ? `How much does it cost to ${facts.topic.action}?`
        : ask(
            facts,
            (topic) => `How much ${agree('do', facts.topic.aboutPlural)} ${topic} cost?`,
            'How much does it cost?',
          ),
    answer: (facts) =>
      `${toAdd(facts.topic.confident ? `your usual price range for ${topicFor(facts)}` : 'your usual price range')} Ask for ${withArticle(knownTrade(facts.trade) ? facts.trade.quote : 'clear quote')} before any work begins, so the cost is clear up front.`,
  },
  {
    id: 'time',
    cues: ['long', 'time', 'fast', 'quick', 'duration', 'minutes'],
    question: ({ topic, trade }) =>
      topic.action
        ? `How long does it take to ${topic.action}?`
        : `How long does ${withArticle(`typical ${trade.visit}`)} take?`,
    answer: (facts) =>
      `${toAdd(`how long ${facts.topic.action ? 'the job' : withArticle(facts.trade.visit)} usually takes`)} Ask for a timeline when you book, so you can plan around it.`,
  },
  {
    id: 'signs',
    cues: ['sign', 'signs', 'tell', 'warning', 'symptom'],
    question: (facts) =>
      ask(
        facts,
        (topic) => `What are the signs that I need help with ${topic}?`,
        'What are the warning signs to watch for?',
      ),
    answer: ({ trade }) =>
      knownTrade(trade)
        ? `${trade.signs.join(' ')} Any of these is a good reason to book ${withArticle(trade.check)}.`
        : toAdd('the warning signs your customers should watch for'),
  },
  {
    id: 'often',
    cues: ['often', 'frequency', 'regular', 'year', 'annual', 'routine', 'maintenance'],
    question: (facts) =>
      ask(facts, (topic) => `How often should I think about ${topic}?`, 'How often should I check in?'),
    answer: ({ trade }) =>
      knownTrade(trade)
        ? `${capitalize(withArticle(trade.check))} once a year is a sensible default, with an extra look after any change you notice.`
        : toAdd('how often your customers should check in'),
  },
  {
    id: 'choose',
    cues: ['choose', 'hire', 'pick', 'best', 'professional', 'company', 'contractor', 'provider'],
    question: (facts) =>
      ask(
        facts,
        (topic) => `How do I choose the right professional for ${topic}?`,
        'How do I choose the right professional?',
      ),
    answer: ({ profile, trade }) =>
      `Look for experience, clear communication, ${withArticle(knownTrade(trade) ? trade.quote : 'clear quote')} up front and reviews from ${knownTrade(trade) ? trade.customers : 'customers'}${profile.city ? ` in ${profile.city}` : ''}.`,
  },
  {
    id: 'start',
    cues: ['start', 'begin', 'first', 'step', 'contact', 'book', 'appointment'],
    question: (facts) =>
      ask(facts, (topic) => `How do I get started with ${topic}?`, 'How do I get started?'),
    answer: ({ profile, trade }) =>
      `Write down what you need and any questions you have, then contact ${helper(profile, trade)} to book ${withArticle(trade.visit)}.${reach(profile)}`,
  },
  {
    id: 'basics',
    cues: ['what', 'mean', 'know', 'basic', 'explain', 'involve'],
    question: (facts) =>
      ask(facts, (topic) => `What should I know about ${topic}?`, 'What should I know first?'),
    answer: (facts) =>
      toAdd(
        facts.topic.confident
          ? `a short explanation of ${topicFor(facts)} in your own words`
          : 'a short explanation in your own words',
      ),
  },
  {
    id: 'why',
    cues: ['why', 'important', 'matter', 'worth', 'need'],
    question: (facts) =>
      ask(
        facts,
        (topic) => `Why ${agree('do', facts.topic.aboutPlural)} ${topic} matter?`,
        'Why does it matter?',
      ),
    answer: (facts) =>
      toAdd(
        facts.topic.confident
          ? `why ${topicFor(facts)} matters to your customers`
          : 'why it matters to your customers',
      ),
  },
  // The last two are asked only when the count needs them: without a business (no service-area
  // question) and without mentions, the eight above fall short of the 9 or 10 a user may choose, and
  // the count chosen is the count delivered (001 §7).
  {
    id: 'prepare',
    cues: ['prepare', 'ready', 'before', 'bring'],
    question: (facts) =>
      facts.topic.action
        ? `How should I prepare to ${facts.topic.action}?`
        : ask(facts, (topic) => `How should I prepare for ${topic}?`, 'How should I prepare?'),
    answer: ({ trade }) =>
      `${toAdd(`what your customers should do before ${withArticle(trade.visit)}`)} A short list of your questions helps you get the most out of it.`,
  },
  {
    id: 'guarantee',
    cues: ['guarantee', 'guaranteed', 'warranty', 'happy', 'satisfied', 'insured'],
    question: () => 'Is the work guaranteed?',
    answer: () =>
      `${toAdd('what your guarantee or warranty covers and for how long')} Ask for it in writing, so you know what is covered.`,
  },
];

/** Only with a known business: does it serve the reader? */
export const SERVICE_AREA_TEMPLATE: FaqTemplate = {
  id: 'area',
  cues: ['area', 'serve', 'location', 'near', 'local', 'where'],
  question: ({ topic, ref, profile }) =>
    topic.confident
      ? `Does ${profile.name ?? 'your team'} help with ${inGeneral(topic, ref)}${profile.city ? ` in ${profile.city}` : ''}?`
      : `Where does ${profile.name ?? 'your team'} work?`,
  answer: ({ topic, ref, profile, trade }) => {
    const place = locationOf(profile);
    const on = topic.confident ? ` on ${inGeneral(topic, ref)}` : '';
    return `${topic.confident ? 'Yes, ' : ''}${profile.name ?? 'our team'} works with ${knownTrade(trade) ? trade.customers : 'customers'}${place ? ` in and around ${place}` : ''}${on}.${reach(profile)}`;
  },
};

/**
 * Answers a custom question about how long a thing lasts ("How long does a new roof last?"), which
 * shares 'long' with the time template, whose answer is how long a visit takes. A visit, a treatment
 * or a job that lasts is a question of time, so those words leave it to the time template.
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
    `${toAdd('how many years it usually lasts')} How long it lasts depends on the materials, the quality of the work and how well it is looked after${knownTrade(trade) ? `; ${withArticle(trade.check)} once a year helps` : ''}, and ${helper(profile, trade)} can tell you what to expect in your case.`,
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

/** Question words that carry no subject: "do", "you", "take" in "Do you take walk-ins on Saturday?". */
const QUESTION_NOISE = new Set(
  `do does did can could will would should is are was were have has how what when where which who why
you your we our i my me take get make offer need`
    .split(/\s+/u)
    .map(stem),
);

/**
 * The instruction sentences that answer a question: those sharing at least two of its subject words
 * (one, when it has only one), best first. The client's own words, as written.
 */
export function answerFromKnowledge(question: string, knowledge: readonly string[]): string | null {
  const wanted = new Set(terms(question).filter((term) => !QUESTION_NOISE.has(term)));
  if (wanted.size === 0) return null;
  const needed = Math.min(2, wanted.size);
  const scored = knowledge
    .flatMap((text) => splitSentences(text).map((sentence) => sentence.text))
    .map((text) => ({ text, shared: new Set(terms(text).filter((term) => wanted.has(term))).size }))
    .filter((candidate) => candidate.shared >= needed)
    .sort((a, b) => b.shared - a.shared);
  if (scored.length === 0) return null;
  return scored
    .slice(0, 2)
    .map((candidate) => candidate.text.replace(/\s*[.!]?$/u, '.'))
    .join(' ');
}

/**
 * What the client should add to answer a question nothing else answers, as the question reads:
 * "Do you take walk-ins on Saturday?" → "[Add whether you take walk-ins on Saturday here.]".
 */
export function answerToAdd(question: string): string {
  const plain = question.trim().replace(/[?.!]+$/u, '');
  const yesNo = /^(?:do|does|did|can|could|will|would|is|are|was|were|have|has)\s+(you|we|i)\s+(.+)$/iu.exec(
    plain,
  );
  if (yesNo?.[2]) {
    const who = yesNo[1]?.toLowerCase() === 'i' ? 'your customers' : 'you';
    const rest = yesNo[2].replace(/\b(?:my|our)\b/giu, who === 'you' ? 'your' : 'their');
    return toAdd(`whether ${who} ${rest}`);
  }
  return toAdd('your answer to this question');
}
