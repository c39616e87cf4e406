import type { ToolContext } from '#functions/generation/tool-definition';
import { type FaqRequest, parseCustomItems } from '#shared/tools/faq';
import { focusPhrases } from '../compose/focus';
import { element } from '../compose/html';
import { capitalize, titleCase } from '../compose/keywords';
import { inSentence, sentence } from '../compose/phrasing';
import { profileFromClient } from '../compose/profile';
import { hashText, rotate } from '../compose/variation';
import {
  closestTemplate,
  FAQ_TEMPLATES,
  type FaqTemplate,
  focusTemplate,
  type QuestionFacts,
  SERVICE_AREA_TEMPLATE,
} from './faq-items';
import { focusStep, STEP_TEMPLATES, type StepTemplate } from './howto-steps';
import { faqInstructions, titleLevel } from './prompt';
import { faqPageSchema, type GuideItem, howToSchema } from './schema';

/**
 * The offline FAQ or how-to guide: exactly `questionCount` items at the chosen heading level, custom
 * questions or steps first, then items about what the instructions name, then templates shaped by the
 * topic and the business. The JSON-LD is built from the very same items, so it matches one to one.
 */

const MAX_FOCUS_ITEMS = 2;

function asQuestion(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/u, '');
  return /\?$/u.test(trimmed) ? capitalize(trimmed) : `${capitalize(trimmed)}?`;
}

function faqItems(input: FaqRequest, facts: QuestionFacts, seed: number): GuideItem[] {
  const count = input.questionCount;
  let pool: FaqTemplate[] = rotate(FAQ_TEMPLATES, seed, 'faq');
  if (facts.profile.name) pool.splice(2, 0, SERVICE_AREA_TEMPLATE);
  const items: GuideItem[] = [];
  for (const question of parseCustomItems(input.customQuestions).slice(0, count)) {
    const template = closestTemplate(question, pool);
    if (template) pool = pool.filter((candidate) => candidate !== template);
    const helper = facts.profile.name ?? 'A local professional';
    items.push({
      name: asQuestion(question),
      text:
        template?.answer(facts) ??
        `When it comes to ${facts.topic}, the answer depends on your situation: the scope of the work, your timeline and your budget. ${helper} can give you a clear answer after a quick look.`,
    });
  }
  const generated = [...facts.focus.slice(0, MAX_FOCUS_ITEMS).map(focusTemplate), ...pool];
  for (const template of generated) {
    if (items.length >= count) break;
    const name = template.question(facts);
    if (items.some((item) => item.name.toLowerCase() === name.toLowerCase())) continue;
    items.push({ name, text: template.answer(facts) });
  }
  return items;
}

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
  const focus = facts.focus.slice(0, Math.min(MAX_FOCUS_ITEMS, count - custom.length)).map(focusStep);
  const room = count - custom.length - focus.length;
  const chosen = [...STEP_TEMPLATES]
    .map((template, order) => ({ template, order }))
    .sort((a, b) => a.template.priority - b.template.priority || a.order - b.order)
    .slice(0, Math.max(0, room))
    .sort((a, b) => a.order - b.order)
    .map(({ template }) => template);
  // Steps about what the instructions name come right after the goal is set.
  const goalAt = chosen.findIndex((template) => template.id === 'goal');
  const ordered: StepTemplate[] = [...chosen.slice(0, goalAt + 1), ...focus, ...chosen.slice(goalAt + 1)];
  return [
    ...custom,
    ...ordered.map((template) => ({ name: template.name(facts), text: template.text(facts) })),
  ];
}

function guideTitle(input: FaqRequest): string {
  const topic = input.topic.trim();
  if (input.contentType === 'faq') return `Frequently Asked Questions About ${titleCase(topic)}`;
  return /^how to\b/iu.test(topic) ? titleCase(topic) : `${titleCase(topic)}: A Step-by-Step Guide`;
}

function introduction(input: FaqRequest, facts: QuestionFacts): string {
  const business = facts.profile.name;
  if (input.contentType === 'faq') {
    return `Here are clear answers to the questions people ask most about ${facts.topic}${business ? `, from the team at ${business}` : ''}.`;
  }
  return `Follow these ${input.questionCount} steps to handle ${facts.topic} safely and with confidence${business ? `, with tips from the team at ${business}` : ''}.`;
}

export function composeFaq(input: FaqRequest, context: ToolContext): string {
  const profile = profileFromClient(context.client);
  const topic = inSentence(input.topic);
  const focus = focusPhrases([faqInstructions(input.prompt, context.client)], MAX_FOCUS_ITEMS, input.topic);
  const facts: QuestionFacts = { topic, profile, focus };
  const seed = hashText(`${input.topic}|${input.contentType}|${profile.name ?? ''}`);
  const faq = input.contentType === 'faq';
  const items = faq ? faqItems(input, facts, seed) : howToItems(input, facts);
  const title = guideTitle(input);
  const intro = introduction(input, facts);
  const level = input.headingLevel;
  const parts = input.includeHeader ? [element(titleLevel(level), title), element('p', intro)] : [];
  items.forEach((item, index) => {
    parts.push(element(level, faq ? item.name : `Step ${index + 1}: ${item.name}`), element('p', item.text));
  });
  const schema = faq ? faqPageSchema(items) : howToSchema(title, intro, items);
  return JSON.stringify({ html: parts.join('\n'), schema });
}
