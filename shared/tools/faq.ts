import { estimateTextJob, textCharacters } from '../usage-estimate';
import { documentedRequired } from '../validation/documented-required';
import * as z from '../validation/zod';
import {
  clientFields,
  instructionsField,
  modelField,
  requireClientForSave,
  requireThat,
  TOOL_MESSAGES,
  type ToastText,
  type ToolJob,
  textField,
} from './common';

/** FAQ & How To Generator (spec 001 §2, §3, §5, §7, §8, §9). */

export const FAQ_CONTENT_TYPES = ['faq', 'howto'] as const;
export type FaqContentType = (typeof FAQ_CONTENT_TYPES)[number];

export const FAQ_CONTENT_TYPE_OPTIONS: readonly { readonly value: FaqContentType; readonly label: string }[] =
  [
    { value: 'faq', label: 'FAQ' },
    { value: 'howto', label: 'How To Guide' },
  ];

export const FAQ_QUESTION_COUNT = { min: 7, max: 10, default: 8 } as const;

export const FAQ_HEADING_LEVELS = ['h2', 'h3', 'h4'] as const;
export type FaqHeadingLevel = (typeof FAQ_HEADING_LEVELS)[number];
export const DEFAULT_FAQ_HEADING_LEVEL: FaqHeadingLevel = 'h3';

export const FAQ_MESSAGES = {
  topicRequired: (contentType: FaqContentType): string =>
    contentType === 'faq' ? 'Please enter a topic for the FAQ' : 'Please enter a topic for the How To guide',
  selectClient: TOOL_MESSAGES.selectClient,
  /** The form offers only these counts (001 §11); the API says the same of any other. */
  questionCountRange: `The number of questions or steps must be a whole number from ${FAQ_QUESTION_COUNT.min} to ${FAQ_QUESTION_COUNT.max}`,
  invalidResponse: 'Invalid response format',
  generationFailed: {
    title: 'Generation Failed',
    description: 'Failed to generate FAQ/How To guide. Please try again.',
  },
  generated: (contentType: FaqContentType, wordCount: number): ToastText => ({
    title: contentType === 'faq' ? 'FAQ Generated!' : 'How To Guide Generated!',
    description: `Your content is ready (${wordCount} words).`,
  }),
  saved: (contentType: FaqContentType, clientName: string): ToastText =>
    TOOL_MESSAGES.savedToClient(contentType === 'faq' ? 'FAQ' : 'How To guide', clientName),
} as const;

export const FAQ_LABELS = {
  contentType: 'Content Type',
  topic: 'Topic',
  questionCount: (contentType: FaqContentType): string =>
    contentType === 'faq' ? 'Number of Questions' : 'Number of Steps',
  headingLevel: 'Heading Level',
  additionalInstructions: 'Additional Instructions',
  customQuestions: (contentType: FaqContentType): string =>
    contentType === 'faq' ? 'Custom Questions (one per line)' : 'Custom Steps (one per line)',
  includeHeader: 'Include header',
  saveToClient: 'Save to client profile',
  schema: 'JSON-LD Schema',
} as const;

export const FAQ_ACTIVITY = { action: 'faq_generation', resourceType: 'content_generation' } as const;

/** Custom questions or steps: one per line, blanks ignored. */
export function parseCustomItems(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/u, '').trim())
    .filter((line) => line !== '');
}

/** Body of POST /api/generate-faq (001 §7) plus client selection and saving. */
export const faqRequestSchema = z
  .object({
    contentType: z._default(z.enum(FAQ_CONTENT_TYPES), 'faq'),
    model: modelField,
    topic: documentedRequired(textField()),
    /** Additional instructions; the client's newsletter instructions are prepended on the server (001 §7). */
    prompt: instructionsField(),
    includeHeader: z._default(z.boolean(), true),
    questionCount: z._default(
      z
        .number()
        .check(
          z.int(FAQ_MESSAGES.questionCountRange),
          z.gte(FAQ_QUESTION_COUNT.min, FAQ_MESSAGES.questionCountRange),
          z.lte(FAQ_QUESTION_COUNT.max, FAQ_MESSAGES.questionCountRange),
        ),
      FAQ_QUESTION_COUNT.default,
    ),
    headingLevel: z._default(z.enum(FAQ_HEADING_LEVELS), DEFAULT_FAQ_HEADING_LEVEL),
    /** One per line; a list is accepted too and joined. */
    customQuestions: z.pipe(
      z._default(
        z.union([
          z.string().check(z.maxLength(10_000)),
          z.array(z.string().check(z.maxLength(1_000))).check(z.maxLength(50)),
        ]),
        '',
      ),
      z.transform((value) => (Array.isArray(value) ? value.join('\n') : value)),
    ),
    ...clientFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      requireThat(ctx, value.topic.trim() !== '', 'topic', FAQ_MESSAGES.topicRequired(value.contentType));
      requireClientForSave(ctx, value, FAQ_MESSAGES.selectClient.description);
    }),
  );

export type FaqRequest = z.output<typeof faqRequestSchema>;
export type FaqRequestInput = z.input<typeof faqRequestSchema>;

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { FaqResult } from '../tool-results';

/* Its expected reply length in tokens: the worker measures live progress against it, the estimate prices it. */

/** Each item (about 90 tokens of question and answer) is written twice, in the HTML and in the JSON-LD. */
const FAQ_TOKENS_PER_ITEM = 190;
const FAQ_TOKENS_FOR_TITLE_AND_WRAPPING = 150;

export function faqExpectedTokens(input: Pick<FaqRequest, 'questionCount'>): number {
  return input.questionCount * FAQ_TOKENS_PER_ITEM + FAQ_TOKENS_FOR_TITLE_AND_WRAPPING;
}

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateFaq = (input: FaqRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: faqExpectedTokens(input),
    requestCharacters: textCharacters(input.topic, input.prompt, input.customQuestions),
    readsSourcePage: false,
  });

/** What its generation route needs (functions/tools/faq/handler.ts); the worker's definition spreads it. */
export const faqJob: ToolJob<FaqRequest> = {
  name: 'faq',
  requestSchema: faqRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateFaq,
};
