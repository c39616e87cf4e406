import type { BusinessProfile } from '../compose/profile';
import type { TradeLexicon } from '../compose/trade';
import type { QuestionFacts } from './faq-items';

/**
 * Step templates of the offline how-to guide, in the order a job is done. `priority` decides which
 * steps a shorter guide keeps (1 is kept first); the kept steps are then put back in job order. Steps
 * name the task through the parsed topic's action ("Before you winterize outdoor faucets, …").
 */

export interface StepTemplate {
  readonly id: string;
  readonly priority: number;
  name(facts: QuestionFacts): string;
  text(facts: QuestionFacts): string;
}

function professional(profile: BusinessProfile, trade: TradeLexicon): string {
  const who = profile.name ?? trade.pro;
  return profile.phone ? `${who} at ${profile.phone}` : who;
}

/** "winterize outdoor faucets", or "work on your smile checkup" when the topic names no task. */
const task = ({ topic, ref }: QuestionFacts): string => topic.action ?? `work on ${ref()}`;

export const STEP_TEMPLATES: readonly StepTemplate[] = [
  {
    id: 'goal',
    priority: 1,
    name: () => 'Define what you want to achieve',
    text: (facts) =>
      `Before you ${task(facts)}, write down the result you want and any limits on time or budget.`,
  },
  {
    id: 'inspect',
    priority: 6,
    name: () => 'Check the current condition',
    text: () => 'Look closely at everything involved and note anything worn, damaged or unusual.',
  },
  {
    id: 'gather',
    priority: 2,
    name: () => 'Gather what you need',
    text: ({ topic }) =>
      `Collect everything you need${topic.action ? ` to ${topic.action}` : ''} before you begin, so you are not interrupted halfway through.`,
  },
  {
    id: 'safety',
    priority: 3,
    name: () => 'Put safety first',
    text: () => 'Read the instructions for any product or tool you use, and stop if anything feels unsafe.',
  },
  {
    id: 'prepare',
    priority: 8,
    name: () => 'Prepare your space',
    text: () => 'Clear a space to work in and keep children at a safe distance while you work.',
  },
  {
    id: 'work',
    priority: 1,
    name: () => 'Work one stage at a time',
    text: () => 'Take the job one stage at a time, and check each stage before you move on to the next.',
  },
  {
    id: 'test',
    priority: 2,
    name: () => 'Check the result',
    text: ({ topic }) =>
      `Once you finish, check ${/^(?:your|our|the)\s/iu.test(topic.noun) ? topic.noun : `the ${topic.noun}`} to confirm everything works as expected.`,
  },
  {
    id: 'clean',
    priority: 7,
    name: () => 'Clean up',
    text: () => 'Put your tools and supplies away and leave the area as you found it.',
  },
  {
    id: 'record',
    priority: 9,
    name: () => 'Keep a record',
    text: () => 'Note the date and what you did, so the next time is faster.',
  },
  {
    id: 'professional',
    priority: 4,
    name: () => 'Know when to call a professional',
    text: ({ profile, trade }) =>
      `If anything is beyond your comfort level or does not work as expected, contact ${professional(profile, trade)}.`,
  },
  {
    id: 'maintain',
    priority: 5,
    name: () => 'Plan the next check',
    text: ({ trade }) => `Set a reminder for your next ${trade.check}, so small issues stay small.`,
  },
];

/** A step for what the instructions ask to mention, placed after the goal step. */
export function mentionStep(sentences: readonly string[]): StepTemplate {
  return {
    id: 'mentions',
    priority: 0,
    name: () => 'Keep these details in mind',
    text: () => sentences.join(' '),
  };
}
