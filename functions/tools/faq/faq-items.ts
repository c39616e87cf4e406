import { stem, words } from '../compose/keywords';
import { type BusinessProfile, locationOf } from '../compose/profile';

/**
 * Question and answer templates of the offline FAQ. Every template is a function of the topic and the
 * business, so the same set reads differently for every request; custom questions get the answer of
 * the template they are closest to.
 */

export interface QuestionFacts {
  /** The topic as it reads mid-sentence. */
  readonly topic: string;
  readonly profile: BusinessProfile;
  /** Subject matter named in the instructions. */
  readonly focus: readonly string[];
}

export interface FaqTemplate {
  readonly id: string;
  /** Words of a custom question that point to this template's answer. */
  readonly cues: readonly string[];
  question(facts: QuestionFacts): string;
  answer(facts: QuestionFacts): string;
}

function helper(profile: BusinessProfile): string {
  return profile.name ?? 'a trusted local professional';
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
    question: ({ topic }) => `What should I know about ${topic}?`,
    answer: ({ topic, focus }) =>
      `The essentials of ${topic} are understanding your options, knowing what a fair price looks like and choosing someone you trust to do the work.${focus[0] ? ` Pay particular attention to the ${focus[0]}.` : ''}`,
  },
  {
    id: 'why',
    cues: ['why', 'important', 'matter', 'worth', 'need'],
    question: ({ topic }) => `Why does ${topic} matter?`,
    answer: ({ topic }) =>
      `Getting ${topic} right protects your time, your budget and your peace of mind. Small issues handled early rarely turn into big, expensive ones.`,
  },
  {
    id: 'cost',
    cues: ['cost', 'price', 'expensive', 'much', 'pay', 'afford', 'budget', 'fee'],
    question: ({ topic }) => `How much does ${topic} cost?`,
    answer: ({ topic, profile }) =>
      `The cost of ${topic} depends on the size of the job, the materials involved and how soon it is needed. The most reliable way to know is a written estimate before any work starts${profile.name ? `, which you can request from ${profile.name}` : ''}.`,
  },
  {
    id: 'time',
    cues: ['long', 'time', 'take', 'fast', 'quick', 'when', 'schedule'],
    question: ({ topic }) => `How long does ${topic} take?`,
    answer: ({ topic }) =>
      `Most work on ${topic} is measured in hours or days rather than weeks, but the exact timeline depends on the scope and on scheduling. Ask for a timeline up front so you can plan around it.`,
  },
  {
    id: 'often',
    cues: ['often', 'frequency', 'regular', 'year', 'annual', 'routine', 'maintenance'],
    question: ({ topic }) => `How often should I think about ${topic}?`,
    answer: ({ topic }) =>
      `A yearly review is a sensible default for ${topic}, with an extra check after unusual weather, heavy use or any change you notice.`,
  },
  {
    id: 'signs',
    cues: ['sign', 'signs', 'tell', 'warning', 'symptom', 'know'],
    question: ({ topic }) => `What are the signs that I need help with ${topic}?`,
    answer: () =>
      'Warning signs include anything that looks, sounds or performs differently than it used to. When in doubt, a quick professional check costs far less than a delayed fix.',
  },
  {
    id: 'diy',
    cues: ['myself', 'diy', 'own', 'self'],
    question: ({ topic }) => `Can I handle ${topic} myself?`,
    answer: ({ topic }) =>
      `Simple upkeep is often fine to do yourself, but anything involving safety, permits or specialized tools is best left to a professional who works with ${topic} every day.`,
  },
  {
    id: 'mistakes',
    cues: ['mistake', 'avoid', 'wrong', 'problem', 'error'],
    question: ({ topic }) => `What mistakes should I avoid with ${topic}?`,
    answer: () =>
      'The most common mistakes are waiting too long, choosing on price alone and skipping the paperwork. A clear scope of work and a written estimate avoid all three.',
  },
  {
    id: 'choose',
    cues: ['choose', 'hire', 'pick', 'best', 'professional', 'company', 'contractor', 'provider'],
    question: ({ topic }) => `How do I choose the right professional for ${topic}?`,
    answer: ({ profile }) =>
      `Look for proper licensing and insurance, clear communication, written estimates and reviews from local customers${profile.city ? ` in ${profile.city}` : ''}.`,
  },
  {
    id: 'start',
    cues: ['start', 'begin', 'first', 'step', 'contact', 'book', 'appointment'],
    question: ({ topic }) => `How do I get started with ${topic}?`,
    answer: ({ profile }) =>
      `Start by writing down what you need and any questions you have, then contact ${helper(profile)} to talk through your options.${reach(profile)}`,
  },
];

/** Only with a known business: does it serve the reader? */
export const SERVICE_AREA_TEMPLATE: FaqTemplate = {
  id: 'area',
  cues: ['area', 'serve', 'location', 'near', 'local', 'where'],
  question: ({ topic, profile }) =>
    `Does ${profile.name ?? 'your team'} help with ${topic}${profile.city ? ` in ${profile.city}` : ''}?`,
  answer: ({ topic, profile }) => {
    const place = locationOf(profile);
    return `Yes. ${profile.name ?? 'We'} works with customers${place ? ` in and around ${place}` : ''} on ${topic}.${reach(profile)}`;
  },
};

/** A question about something the instructions name ("the winter tune-up special"). */
export function focusTemplate(phrase: string): FaqTemplate {
  return {
    id: `focus:${phrase}`,
    cues: [],
    question: () => `What should I know about the ${phrase}?`,
    answer: ({ topic, profile }) =>
      `It is worth asking about the ${phrase} when you plan ${topic}. ${profile.name ?? 'Your provider'} can explain what it means for your situation.${reach(profile)}`,
  };
}

/** The template whose cue words a custom question shares most; null when it shares none. */
export function closestTemplate(question: string, templates: readonly FaqTemplate[]): FaqTemplate | null {
  const stems = new Set(words(question).map(stem));
  let best: FaqTemplate | null = null;
  let bestScore = 0;
  for (const template of templates) {
    const score = template.cues.filter((cue) => stems.has(stem(cue))).length;
    if (score > bestScore) {
      best = template;
      bestScore = score;
    }
  }
  return best;
}
