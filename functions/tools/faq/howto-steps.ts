import type { BusinessProfile } from '../compose/profile';
import type { QuestionFacts } from './faq-items';

/**
 * Step templates of the offline how-to guide, in the order a job is done. `priority` decides which
 * steps a shorter guide keeps (1 is kept first); the kept steps are then put back in job order.
 */

export interface StepTemplate {
  readonly id: string;
  readonly priority: number;
  name(facts: QuestionFacts): string;
  text(facts: QuestionFacts): string;
}

function professional(profile: BusinessProfile): string {
  const who = profile.name ?? 'a licensed professional';
  return profile.phone ? `${who} at ${profile.phone}` : who;
}

export const STEP_TEMPLATES: readonly StepTemplate[] = [
  {
    id: 'goal',
    priority: 1,
    name: () => 'Define what you want to achieve',
    text: ({ topic }) =>
      `Before you start on ${topic}, write down the result you want and any limits on time or budget.`,
  },
  {
    id: 'inspect',
    priority: 6,
    name: () => 'Inspect the current condition',
    text: ({ topic }) =>
      `Look closely at everything involved in ${topic} and note anything worn, damaged or unusual.`,
  },
  {
    id: 'gather',
    priority: 2,
    name: () => 'Gather tools and materials',
    text: ({ topic }) =>
      `Collect everything ${topic} requires before you begin, so you are not interrupted halfway through.`,
  },
  {
    id: 'safety',
    priority: 3,
    name: () => 'Put safety first',
    text: ({ topic }) =>
      `Switch off power or water where relevant, wear protective gear and read the manufacturer's instructions for anything involved in ${topic}.`,
  },
  {
    id: 'prepare',
    priority: 8,
    name: () => 'Prepare the work area',
    text: () => 'Clear space, protect floors and surfaces, and keep children and pets away while you work.',
  },
  {
    id: 'work',
    priority: 1,
    name: () => 'Work through the job one stage at a time',
    text: ({ topic }) =>
      `Carry out ${topic} methodically, checking each stage before you move on to the next.`,
  },
  {
    id: 'test',
    priority: 2,
    name: () => 'Test the result',
    text: ({ topic }) =>
      `Once you finish, test everything involved in ${topic} to confirm it works as expected.`,
  },
  {
    id: 'clean',
    priority: 7,
    name: () => 'Clean up',
    text: () => 'Dispose of waste properly, put your tools away and leave the area as you found it.',
  },
  {
    id: 'record',
    priority: 9,
    name: () => 'Keep a record',
    text: () => 'Note the date, what you did and any parts you used, so the next time is faster.',
  },
  {
    id: 'professional',
    priority: 4,
    name: () => 'Know when to call a professional',
    text: ({ profile }) =>
      `If anything is beyond your comfort level or does not work as expected, contact ${professional(profile)}.`,
  },
  {
    id: 'maintain',
    priority: 5,
    name: () => 'Plan routine maintenance',
    text: ({ topic }) => `Set a reminder to review ${topic} on a schedule that fits how much you rely on it.`,
  },
];

/** A step about something the instructions name, placed after the goal step. */
export function focusStep(phrase: string): StepTemplate {
  return {
    id: `focus:${phrase}`,
    priority: 0,
    name: () => `Account for the ${phrase}`,
    text: ({ topic }) => `Factor the ${phrase} into your plan for ${topic} before you commit to an approach.`,
  };
}
