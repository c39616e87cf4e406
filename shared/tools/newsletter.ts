import { estimateTextJob, textCharacters } from '../usage-estimate';
import { documentedRequired } from '../validation/documented-required';
import { webAddressField } from '../validation/web-address';
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

/** Newsletter Creator (spec 000 §2, §5, §7, §8). */

export const NEWSLETTER_INPUT_TYPES = ['topic', 'url'] as const;
export type NewsletterInputType = (typeof NEWSLETTER_INPUT_TYPES)[number];

export const NEWSLETTER_MESSAGES = {
  topicRequired: { title: 'Topic Required', description: 'Please enter a newsletter topic.' },
  urlRequired: { title: 'URL Required', description: 'Please enter a URL to extract content from.' },
  selectClient: {
    title: 'Select a client',
    description: 'Please choose a client to save this newsletter to.',
  },
  manualSaveNoClient: {
    title: TOOL_MESSAGES.selectClient.title,
    description: 'Choose a client from the dropdown to save this newsletter.',
  },
  noContentToDownload: { title: 'No content to download', description: 'Generate a newsletter first.' },
  generationFailed: {
    title: 'Generation Failed',
    description: 'Failed to generate newsletter. Please try again.',
  },
  generated: (wordCount: number): ToastText => ({
    title: 'Newsletter Generated!',
    description: `Your newsletter is ready (${wordCount} words).`,
  }),
  saved: (clientName: string): ToastText => TOOL_MESSAGES.savedToClient('Newsletter', clientName),
} as const;

export const NEWSLETTER_LABELS = {
  topic: 'Newsletter Topic *',
  url: 'Source URL *',
  urlHint: 'Content from this URL is extracted and used as the basis of the newsletter.',
  additionalInstructions: 'Additional Instructions',
  includeHeader: 'Include newsletter header',
  includeTitle: 'Include newsletter name, subheader, and color styling',
  saveToClient: 'Save to client profile',
  generate: 'Generate Newsletter',
  noClient: 'No client selected',
  noInstructions: 'No instructions',
  emptyPreview: 'Enter a topic and click "Generate Newsletter" to see the preview',
  topicPlaceholders: ['Weekly tech updates', 'Spring home maintenance checklist', 'New services this month'],
} as const;

/** The spec's joining text between the user's instructions and the client's (000 §7). */
export const CLIENT_INSTRUCTIONS_HEADING = 'Additional client-specific instructions:';

export const NEWSLETTER_ACTIVITY = {
  action: 'newsletter_generation',
  resourceType: 'content_generation',
} as const;

/** Body of POST /api/generate-newsletter (000 §7) plus client selection and saving. */
export const newsletterRequestSchema = z
  .object({
    model: modelField,
    /** The user's additional instructions; the client's newsletter instructions are appended on the server. */
    prompt: instructionsField(),
    topic: documentedRequired(textField()),
    url: webAddressField(),
    inputType: z._default(z.enum(NEWSLETTER_INPUT_TYPES), 'topic'),
    includeHeader: z._default(z.boolean(), true),
    includeTitle: z._default(z.boolean(), true),
    ...clientFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.inputType === 'topic') {
        requireThat(ctx, value.topic.trim() !== '', 'topic', NEWSLETTER_MESSAGES.topicRequired.description);
      } else {
        // A present URL is judged by the field's own rule (shared/validation/web-address.ts).
        requireThat(ctx, value.url !== '', 'url', NEWSLETTER_MESSAGES.urlRequired.description);
      }
      requireClientForSave(ctx, value, NEWSLETTER_MESSAGES.selectClient.description);
    }),
  );

export type NewsletterRequest = z.output<typeof newsletterRequestSchema>;
export type NewsletterRequestInput = z.input<typeof newsletterRequestSchema>;

/** Result of generate-newsletter (000 §3 "generatedHtml"), with the word count the toast shows. */

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { NewsletterResult } from '../tool-results';

/**
 * How long its reply is expected to be, in tokens: the worker measures live progress against it, and
 * the estimate prices it. A styled newsletter of 400-600 words is about 900 tokens once its inline-styled markup is counted.
 */
const NEWSLETTER_TOKENS = 900;
/** Reading a page adds the source's substance: a little longer on average. */
const NEWSLETTER_TOKENS_FROM_URL = 1_100;

export function newsletterExpectedTokens(input: Pick<NewsletterRequest, 'inputType'>): number {
  return input.inputType === 'url' ? NEWSLETTER_TOKENS_FROM_URL : NEWSLETTER_TOKENS;
}

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateNewsletter = (input: NewsletterRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: newsletterExpectedTokens(input),
    requestCharacters: textCharacters(input.topic, input.prompt),
    readsSourcePage: input.inputType === 'url',
  });

/** What its generation route needs (functions/tools/newsletter/handler.ts); the worker's definition spreads it. */
export const newsletterJob: ToolJob<NewsletterRequest> = {
  name: 'newsletter',
  requestSchema: newsletterRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateNewsletter,
};
