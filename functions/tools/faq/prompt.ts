import type { BuiltPrompt, ToolContext } from '#functions/generation/tool-definition';
import type { Client } from '#shared/client';
import { type FaqRequest, parseCustomItems } from '#shared/tools/faq';
import { profileFromClient } from '../compose/profile';
import { profileLines } from '../compose/profile-block';

/** The request's `prompt` as 001 §7 builds it: the client's newsletter instructions, then the user's. */
export function faqInstructions(prompt: string, client: Client | null): string {
  return [client?.newsletter_instructions?.trim() ?? '', prompt.trim()]
    .filter((part) => part !== '')
    .join('\n\n');
}

/** One level above the question headings, for the optional title (h2 questions get an h1 title). */
export function titleLevel(headingLevel: FaqRequest['headingLevel']): string {
  return `h${Number(headingLevel.slice(1)) - 1}`;
}

function systemPrompt(input: FaqRequest): string {
  const n = input.questionCount;
  const level = input.headingLevel;
  const faq = input.contentType === 'faq';
  const items = faq ? `${n} questions` : `${n} steps`;
  return [
    faq
      ? 'You write clear, helpful FAQ pages for local businesses.'
      : 'You write clear, practical how-to guides for local businesses.',
    `Write exactly ${items}, no more and no fewer.`,
    faq
      ? `Each question is an <${level}> heading followed by its answer in one or two <p> paragraphs.`
      : `Each step is an <${level}> heading of the form "Step N: short name" followed by its instructions in one or two <p> paragraphs.`,
    input.includeHeader
      ? `Begin with a <${titleLevel(level)}> title and a one-paragraph introduction.`
      : 'Do not add a title or an introduction: start with the first heading.',
    faq
      ? 'When custom questions are given, use them first, word for word, in the given order, then add your own.'
      : 'When custom steps are given, use them first, in the given order, then add your own.',
    faq
      ? 'Also write schema.org JSON-LD: {"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": [{"@type": "Question", "name": question, "acceptedAnswer": {"@type": "Answer", "text": answer}}]} with one entry per question, in the same order and wording as the HTML.'
      : 'Also write schema.org JSON-LD: {"@context": "https://schema.org", "@type": "HowTo", "name": title, "step": [{"@type": "HowToStep", "position": N, "name": short name, "text": instructions}]} with one step per HTML step, in the same order and wording.',
    'Answer with one JSON object and nothing else: {"html": "<the HTML>", "schema": <the JSON-LD object>}.',
    'The HTML uses headings, <p>, <ul>/<ol>/<li>, <strong> and <em> only: no <html>, <head> or <body>, no styles or scripts. No Markdown, no code fences.',
  ].join('\n');
}

export function buildFaqPrompt(input: FaqRequest, context: ToolContext): BuiltPrompt {
  const faq = input.contentType === 'faq';
  const parts = [
    `Topic: ${input.topic.trim()}`,
    `Content type: ${faq ? 'FAQ' : 'How To guide'}`,
    `Number of ${faq ? 'questions' : 'steps'}: ${input.questionCount}`,
    `Heading level: ${input.headingLevel}`,
  ];
  const custom = parseCustomItems(input.customQuestions);
  if (custom.length > 0) {
    parts.push(
      `Custom ${faq ? 'questions' : 'steps'}:\n${custom.map((item, index) => `${index + 1}. ${item}`).join('\n')}`,
    );
  }
  const profile = profileLines(profileFromClient(context.client));
  if (profile.length > 0) parts.push(`Written for this business:\n${profile.join('\n')}`);
  const instructions = faqInstructions(input.prompt, context.client);
  if (instructions !== '') parts.push(`Instructions:\n${instructions}`);
  return { system: systemPrompt(input), prompt: parts.join('\n\n') };
}
