import type { OfflineDraft, ToolContext } from '#functions/generation/tool-definition';
import { htmlToText } from '#shared/text';
import { type FaqRequest, parseCustomItems } from '#shared/tools/faq';
import { draftFacts, mentionSentences } from '../compose/draft';
import { offlineDraft, reviewDraft } from '../compose/draft-check';
import { dropForbiddenSentences, usesForbidden, withoutForbidden } from '../compose/forbidden';
import { element } from '../compose/html';
import { capitalize, titleCase } from '../compose/keywords';
import { sentence } from '../compose/phrasing';
import { profileFromClient } from '../compose/profile';
import { tidyDraft } from '../compose/tidy';
import { topicReferrer } from '../compose/topic';
import { hashText, rotate } from '../compose/variation';
import {
  type AnswerTemplate,
  answerFromKnowledge,
  answerToAdd,
  closestTemplate,
  FAQ_TEMPLATES,
  type FaqTemplate,
  LIFESPAN_TEMPLATE,
  mentionTemplate,
  type QuestionFacts,
  SERVICE_AREA_TEMPLATE,
} from './faq-items';
import { mentionStep, type StepTemplate, stepTemplates, stepToAdd, task, tipSteps } from './howto-steps';
import { faqInstructions, titleLevel } from './prompt';
import { faqPageSchema, type GuideItem, howToSchema } from './schema';

/**
 * The offline FAQ or how-to guide: exactly `questionCount` items at the chosen heading level, custom
 * questions or steps first, then an item with what the instructions ask to mention, then templates
 * built from the parsed topic and the client's trade. Every answer answers its question from the
 * instructions, the profile or the trade, or says in brackets what the client should add. The JSON-LD
 * is built from the very same items, so it matches one to one.
 */

function asQuestion(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/u, '');
  return /\?$/u.test(trimmed) ? capitalize(trimmed) : `${capitalize(trimmed)}?`;
}

/** The answer to a question the user typed: the instructions' words, a template that fits, or a note. */
function customAnswer(question: string, facts: QuestionFacts, template: AnswerTemplate | null): string {
  return answerFromKnowledge(question, facts.knowledge) ?? template?.answer(facts) ?? answerToAdd(question);
}

function faqItems(input: FaqRequest, facts: QuestionFacts, seed: number): GuideItem[] {
  const count = input.questionCount;
  let pool: FaqTemplate[] = rotate(FAQ_TEMPLATES.slice(0, 6), seed, 'faq');
  // Questions whose answer is a note to fill in come after the ones the draft can answer.
  pool.push(...FAQ_TEMPLATES.slice(6));
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
    // Only a template that answers this question by its cue words; the time template never answers
    // "Do you take walk-ins on Saturday?" because 'Saturday' is a time.
    if (template) {
      pool = pool.filter((candidate) => candidate !== template);
      answerOnly = answerOnly.filter((candidate) => candidate !== template);
    }
    items.push({ name: asQuestion(question), text: customAnswer(question, facts, template) });
  }
  // The topic itself when it is a question: the first generated item.
  if (facts.topic.kind === 'question' && items.length < count) {
    const question = asQuestion(facts.topic.raw);
    if (!items.some((item) => item.name.toLowerCase() === question.toLowerCase()))
      items.push({ name: question, text: customAnswer(question, facts, null) });
  }
  // What the instructions ask to mention comes third: after the questions readers ask first.
  const generated: FaqTemplate[] = [...pool];
  if (facts.mentions.length > 0) {
    const at = Math.max(0, Math.min(2 - items.length, generated.length));
    generated.splice(at, 0, mentionTemplate(facts.mentions));
  }
  for (const template of generated) {
    if (items.length >= count) break;
    const name = template.question(facts);
    if (items.some((item) => item.name.toLowerCase() === name.toLowerCase())) continue;
    items.push({ name, text: template.answer(facts) });
  }
  return items;
}

const SERVICE_ONLY = new Set(['cost', 'often', 'why']);

function howToItems(input: FaqRequest, facts: QuestionFacts): GuideItem[] {
  const count = input.questionCount;
  const custom = parseCustomItems(input.customQuestions)
    .slice(0, count)
    .map((step) => ({ name: capitalize(step.replace(/[.!]+$/u, '')), text: sentence(capitalize(step)) }));
  const mentions = facts.mentions.length > 0 && custom.length < count ? [mentionStep(facts.mentions)] : [];
  const room = count - custom.length - mentions.length;
  const candidates = [...stepTemplates(facts)];
  // The trade's own tips on this task go right after the main work.
  const workAt = candidates.findIndex((template) => template.id === 'work');
  candidates.splice(workAt + 1, 0, ...tipSteps(facts));
  const chosen = candidates
    .map((template, order) => ({ template, order }))
    .sort((a, b) => a.template.priority - b.template.priority || a.order - b.order)
    .slice(0, Math.max(0, room))
    .sort((a, b) => a.order - b.order)
    .map(({ template }) => template);
  // The instructions' details come right after the first step.
  const ordered: StepTemplate[] = [...chosen.slice(0, 1), ...mentions, ...chosen.slice(1)];
  const items = [
    ...custom,
    ...ordered.map((template) => ({ name: template.name(facts), text: template.text(facts) })),
  ];
  // Steps only the client can describe, numbered, until the guide has the count it was asked for.
  while (items.length < count) {
    const step = stepToAdd(items.length + 1);
    items.push({ name: step.name(facts), text: step.text(facts) });
  }
  return items;
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
    const about = facts.topic.kind === 'question' ? 'this topic' : facts.ref();
    return `Here are answers to the questions ${facts.trade.customers} ask most about ${about}${from}.`;
  }
  return `Follow these ${input.questionCount} steps to ${task(facts)}${business ? `, with tips from the team at ${business}` : ''}.`;
}

/** An item without forbidden words: the question loses the word, the answer the sentences that use it. */
function withoutForbiddenItem(item: GuideItem, forbidden: readonly string[]): GuideItem {
  if (forbidden.length === 0) return item;
  const name = usesForbidden(item.name, forbidden) ? withoutForbidden(item.name, forbidden) : item.name;
  const text = dropForbiddenSentences(item.text, forbidden);
  return { name, text: text === '' ? answerToAdd(name) : text };
}

export function composeFaq(input: FaqRequest, context: ToolContext): OfflineDraft {
  const profile = profileFromClient(context.client);
  const instructions = faqInstructions(input.prompt, context.client);
  const draft = draftFacts({ topic: input.topic, profile, instructions: [instructions], date: context.now });
  const forbidden = draft.instructions.forbidden;
  const facts: QuestionFacts = {
    topic: draft.topic,
    ref: topicReferrer(draft.topic, 1),
    trade: draft.trade,
    profile,
    mentions: mentionSentences(draft, 'we', profile.name),
    knowledge: [instructions],
  };
  const seed = hashText(`${input.topic}|${input.contentType}|${profile.name ?? ''}`);
  const faq = input.contentType === 'faq';
  // The introduction names the topic first, in full; the items refer to it after.
  const intro = tidyDraft(introduction(input, facts));
  const items = (faq ? faqItems(input, facts, seed) : howToItems(input, facts)).map((item) =>
    withoutForbiddenItem({ name: tidyDraft(item.name), text: tidyDraft(item.text) }, forbidden),
  );
  const title = withoutForbidden(guideTitle(input, facts), forbidden);
  const level = input.headingLevel;
  // A required mention always reaches the reader: when no item carries it, the introduction does.
  const mentioned =
    facts.mentions.length === 0 || items.some((item) => item.text.includes(facts.mentions[0] ?? ''));
  const lead = mentioned ? intro : `${intro} ${facts.mentions.join(' ')}`;
  if (!mentioned && !input.includeHeader) {
    const last = items.at(-1);
    if (last) items[items.length - 1] = { ...last, text: `${last.text} ${facts.mentions.join(' ')}` };
  }
  const parts = input.includeHeader ? [element(titleLevel(level), title), element('p', lead)] : [];
  items.forEach((item, index) => {
    parts.push(element(level, faq ? item.name : `Step ${index + 1}: ${item.name}`), element('p', item.text));
  });
  if (draft.instructions.signOff) parts.push(element('p', draft.instructions.signOff));
  const schema = faq ? faqPageSchema(items) : howToSchema(title, lead, items);
  const html = parts.join('\n');
  const notes = reviewDraft({
    text: htmlToText(html),
    instructions: draft.instructions,
    topicWithout: draft.topicWithout,
  });
  if (/\[Add /u.test(html))
    notes.unshift('Some answers need the client’s facts: fill in the bracketed notes before sending.');
  return offlineDraft(JSON.stringify({ html, schema }), notes);
}
