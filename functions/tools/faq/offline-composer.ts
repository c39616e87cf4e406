import type { ToolContext } from '#functions/generation/tool-definition';
import { type FaqRequest, parseCustomItems } from '#shared/tools/faq';
import { draftFacts, mentionSentences } from '../compose/draft';
import { element } from '../compose/html';
import { capitalize, titleCase } from '../compose/keywords';
import { sentence } from '../compose/phrasing';
import { profileFromClient } from '../compose/profile';
import { topicReferrer } from '../compose/topic';
import { hashText, rotate } from '../compose/variation';
import {
  type AnswerTemplate,
  closestTemplate,
  FAQ_TEMPLATES,
  type FaqTemplate,
  LIFESPAN_TEMPLATE,
  mentionTemplate,
  type QuestionFacts,
  SERVICE_AREA_TEMPLATE,
  TOPIC_QUESTION_TEMPLATE,
} from './faq-items';
import { mentionStep, STEP_TEMPLATES, type StepTemplate } from './howto-steps';
import { faqInstructions, titleLevel } from './prompt';
import { faqPageSchema, type GuideItem, howToSchema } from './schema';

/**
 * The offline FAQ or how-to guide: exactly `questionCount` items at the chosen heading level, custom
 * questions or steps first, then an item with what the instructions ask to mention, then templates
 * built from the parsed topic and the client's trade. The JSON-LD is built from the very same items,
 * so it matches one to one.
 */

function asQuestion(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/u, '');
  return /\?$/u.test(trimmed) ? capitalize(trimmed) : `${capitalize(trimmed)}?`;
}

function faqItems(input: FaqRequest, facts: QuestionFacts, seed: number): GuideItem[] {
  const count = input.questionCount;
  let pool: FaqTemplate[] = rotate(FAQ_TEMPLATES, seed, 'faq');
  // A question topic ("What to do after a car accident?") is often about an event, not a service:
  // questions about its price or upkeep come last, only when the count needs them.
  if (facts.topic.kind === 'question')
    pool = [...pool.filter((t) => !SERVICE_ONLY.has(t.id)), ...pool.filter((t) => SERVICE_ONLY.has(t.id))];
  if (facts.profile.name) pool.splice(2, 0, SERVICE_AREA_TEMPLATE);
  const items: GuideItem[] = [];
  // Templates that only answer: first, so a tie with a pool template goes to the narrower answer.
  let answerOnly: AnswerTemplate[] = [LIFESPAN_TEMPLATE];
  for (const question of parseCustomItems(input.customQuestions).slice(0, count)) {
    const template = closestTemplate(question, [...answerOnly, ...pool]);
    if (template) {
      pool = pool.filter((candidate) => candidate !== template);
      answerOnly = answerOnly.filter((candidate) => candidate !== template);
    }
    const helper = facts.profile.name ?? capitalize(facts.trade.pro);
    items.push({
      name: asQuestion(question),
      text:
        template?.answer(facts) ??
        `The answer depends on your situation: what you need, your timeline and your budget. ${helper} can give you a clear answer after a quick conversation.`,
    });
  }
  // What the instructions ask to mention comes third: after the questions readers ask first.
  const generated = [...(facts.topic.kind === 'question' ? [TOPIC_QUESTION_TEMPLATE] : []), ...pool];
  if (facts.mentions.length > 0)
    generated.splice(Math.min(2, generated.length), 0, mentionTemplate(facts.mentions));
  for (const template of generated) {
    if (items.length >= count) break;
    const name = template.question(facts);
    if (items.some((item) => item.name.toLowerCase() === name.toLowerCase())) continue;
    items.push({ name, text: template.answer(facts) });
  }
  return items;
}

const SERVICE_ONLY = new Set(['cost', 'often', 'why', 'mistakes']);

const CUSTOM_STEP_NOTES = [
  'Take your time with this step and check the result before moving on.',
  'Keep notes as you go; they help if you need to call a professional later.',
  'Double-check this step before continuing, since the next ones build on it.',
] as const;

function howToItems(input: FaqRequest, facts: QuestionFacts): GuideItem[] {
  const count = input.questionCount;
  const custom = parseCustomItems(input.customQuestions)
    .slice(0, count)
    .map((step, index) => ({
      name: capitalize(step.replace(/[.!]+$/u, '')),
      text: `${sentence(capitalize(step))} ${CUSTOM_STEP_NOTES[index % CUSTOM_STEP_NOTES.length]}`,
    }));
  const mentions = facts.mentions.length > 0 && custom.length < count ? [mentionStep(facts.mentions)] : [];
  const room = count - custom.length - mentions.length;
  const chosen = [...STEP_TEMPLATES]
    .map((template, order) => ({ template, order }))
    .sort((a, b) => a.template.priority - b.template.priority || a.order - b.order)
    .slice(0, Math.max(0, room))
    .sort((a, b) => a.order - b.order)
    .map(({ template }) => template);
  // The instructions' details come right after the goal is set.
  const goalAt = chosen.findIndex((template) => template.id === 'goal');
  const ordered: StepTemplate[] = [...chosen.slice(0, goalAt + 1), ...mentions, ...chosen.slice(goalAt + 1)];
  return [
    ...custom,
    ...ordered.map((template) => ({ name: template.name(facts), text: template.text(facts) })),
  ];
}

function guideTitle(input: FaqRequest, facts: QuestionFacts): string {
  const topic = titleCase(facts.topic.raw);
  if (input.contentType === 'faq')
    return facts.topic.kind === 'question'
      ? `${topic.replace(/\?*$/u, '?')} Your Questions Answered`
      : `Frequently Asked Questions About ${topic}`;
  return /^how to\b/iu.test(facts.topic.raw) ? topic : `${topic}: A Step-by-Step Guide`;
}

function introduction(input: FaqRequest, facts: QuestionFacts): string {
  const business = facts.profile.name;
  const from = business ? `, from the team at ${business}` : '';
  if (input.contentType === 'faq') {
    return `Here are clear answers to the questions ${facts.trade.customers} ask most about ${facts.ref()}${from}.`;
  }
  const goal = facts.topic.action ?? `take care of ${facts.ref()}`;
  return `Follow these ${input.questionCount} steps to ${goal} safely and with confidence${business ? `, with tips from the team at ${business}` : ''}.`;
}

export function composeFaq(input: FaqRequest, context: ToolContext): string {
  const profile = profileFromClient(context.client);
  const draft = draftFacts({
    topic: input.topic,
    profile,
    instructions: [faqInstructions(input.prompt, context.client)],
    date: context.now,
  });
  const facts: QuestionFacts = {
    topic: draft.topic,
    ref: topicReferrer(draft.topic, 1),
    trade: draft.trade,
    profile,
    mentions: mentionSentences(draft, 'we', profile.name),
  };
  const seed = hashText(`${input.topic}|${input.contentType}|${profile.name ?? ''}`);
  const faq = input.contentType === 'faq';
  // The introduction names the topic first, in full; the items refer to it after.
  const intro = introduction(input, facts);
  const items = faq ? faqItems(input, facts, seed) : howToItems(input, facts);
  const title = guideTitle(input, facts);
  const level = input.headingLevel;
  const parts = input.includeHeader ? [element(titleLevel(level), title), element('p', intro)] : [];
  items.forEach((item, index) => {
    parts.push(element(level, faq ? item.name : `Step ${index + 1}: ${item.name}`), element('p', item.text));
  });
  if (draft.instructions.signOff) parts.push(element('p', draft.instructions.signOff));
  const schema = faq ? faqPageSchema(items) : howToSchema(title, intro, items);
  return JSON.stringify({ html: parts.join('\n'), schema });
}
