import { capitalize, terms } from '../compose/keywords';
import type { BusinessProfile } from '../compose/profile';
import { NEUTRAL_TRADE, type TradeLexicon } from '../compose/trade';
import { type QuestionFacts, toAdd } from './faq-items';

/**
 * Step templates of the offline how-to guide, in the order a job is done. Every step is an action on
 * the topic's own task ("Gather what you need to winterize outdoor faucets"), or the client's trade
 * tip that shares a word with it; what only the client knows (the tools, the method) is a bracketed
 * note to fill in, not a sentence that would fit any job. `priority` decides which steps a shorter
 * guide keeps (1 is kept first); the kept steps are then put back in job order.
 */

export interface StepTemplate {
  readonly id: string;
  readonly priority: number;
  name(facts: QuestionFacts): string;
  text(facts: QuestionFacts): string;
}

function professional(profile: BusinessProfile, trade: TradeLexicon): string {
  const who = profile.name ?? (trade.id === NEUTRAL_TRADE.id ? 'a professional' : trade.pro);
  return profile.phone ? `${who} at ${profile.phone}` : who;
}

/** The task: "winterize outdoor faucets", or "take care of water heater repair" when the topic names none. */
export const task = ({ topic, ref }: QuestionFacts): string => topic.action ?? `take care of ${ref()}`;

/** What the task acts on ("outdoor faucets"), when it is a noun phrase; null for "floss with braces". */
function objectOf(facts: QuestionFacts): string | null {
  const action = facts.topic.action;
  if (!action) return facts.topic.confident ? facts.topic.about : null;
  const rest = action.split(' ').slice(1).join(' ');
  if (rest === '' || /^(?:with|in|on|at|for|to|from|by|after|before|during|up|out|off|down)\b/iu.test(rest))
    return null;
  return rest;
}

/** "your outdoor faucets" stays, "outdoor faucets" becomes "the outdoor faucets". */
const definite = (object: string): string =>
  /^(?:your|our|the|a|an|my|their)\s/iu.test(object)
    ? object.replace(/^(?:a|an)\s/iu, 'the ')
    : `the ${object}`;

export const STEP_TEMPLATES: readonly StepTemplate[] = [
  {
    id: 'inspect',
    priority: 3,
    name: (facts) => {
      const object = objectOf(facts);
      return object ? `Look over ${definite(object)}` : 'Look over what you will work on';
    },
    text: (facts) => {
      const object = objectOf(facts);
      return `Before you start, look closely at ${object ? definite(object) : 'everything involved'} and note anything worn, damaged or unusual.`;
    },
  },
  {
    id: 'gather',
    priority: 1,
    name: (facts) => `Gather what you need to ${task(facts)}`,
    text: () => toAdd('the tools and supplies this takes'),
  },
  {
    id: 'work',
    priority: 1,
    name: (facts) => capitalize(task(facts)),
    text: () => toAdd('what to do, one action per sentence,'),
  },
  {
    id: 'test',
    priority: 2,
    name: () => 'Check the result',
    text: (facts) => {
      const object = objectOf(facts);
      return object
        ? `Once you finish, check ${definite(object)} to confirm everything works as expected.`
        : 'Once you finish, check that everything works as expected.';
    },
  },
  {
    id: 'professional',
    priority: 2,
    name: ({ trade }) =>
      trade.id === NEUTRAL_TRADE.id ? 'Know when to call a professional' : `Know when to call ${trade.pro}`,
    text: ({ profile, trade }) =>
      `If anything is beyond your comfort level or does not work as expected, contact ${professional(profile, trade)}.`,
  },
  {
    id: 'record',
    priority: 5,
    name: () => 'Keep a record',
    text: () => 'Note the date and what you did; it makes the next time faster.',
  },
  {
    id: 'maintain',
    priority: 4,
    name: ({ trade }) => `Plan your next ${trade.check}`,
    text: ({ trade }) => `Set a reminder for your next ${trade.check}, so small issues stay small.`,
  },
];

/** The steps that fit this guide: the maintenance step only for a known trade. */
export function stepTemplates(facts: QuestionFacts): StepTemplate[] {
  return STEP_TEMPLATES.filter(
    (template) => template.id !== 'maintain' || facts.trade.id !== NEUTRAL_TRADE.id,
  );
}

/** The trade's tips that share a word with the task, as steps: the client's trade knows them. */
export function tipSteps(facts: QuestionFacts): StepTemplate[] {
  if (facts.trade.id === NEUTRAL_TRADE.id) return [];
  const taskTerms = new Set(terms(`${facts.topic.raw} ${facts.topic.action ?? ''}`));
  return facts.trade.tips
    .filter((tip) => terms(tip).some((term) => taskTerms.has(term)))
    .map((tip, index) => ({
      id: `tip-${index}`,
      priority: 2,
      name: () => tip.split(/[,;]|\s+(?:before|so|and)\s+/u)[0]?.replace(/[.!]+$/u, '') ?? tip,
      text: () => tip,
    }));
}

/** A numbered note for a step only the client can describe. */
export function stepToAdd(number: number): StepTemplate {
  return {
    id: `add-${number}`,
    priority: 9,
    name: () => 'Add a step of your own',
    text: () => toAdd(`what to do in step ${number}`),
  };
}

/** A step for what the instructions ask to mention, placed after the first step. */
export function mentionStep(sentences: readonly string[]): StepTemplate {
  return {
    id: 'mentions',
    priority: 0,
    name: () => 'Keep these details in mind',
    text: () => sentences.join(' '),
  };
}
