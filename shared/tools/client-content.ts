import { estimateTextJob, textCharacters } from '../usage-estimate';
import { documentedRequired } from '../validation/documented-required';
import { webAddressField } from '../validation/web-address';
import * as z from '../validation/zod';
import {
  clientFields,
  instructionsField,
  MAX_INSTRUCTIONS,
  modelField,
  requireClientForSave,
  requireThat,
  TOOL_MESSAGES,
  type ToastText,
  type ToolJob,
  textField,
} from './common';

/** Client Content Creation (spec 001 §2, §3, §5, §7, §8, §9). */

export const CLIENT_CONTENT_WORDS = { min: 1000, max: 1500 } as const;

export const CLIENT_CONTENT_MESSAGES = {
  urlRequired: "Please enter the client's website URL.",
  topicRequired: 'Please enter a topic for the content.',
  selectClient: TOOL_MESSAGES.selectClient,
  generationFailed: TOOL_MESSAGES.generationFailed,
  generated: (wordCount: number): ToastText => ({
    title: 'Content Generated!',
    description: `Your content is ready (${wordCount} words).`,
  }),
  saved: (clientName: string): ToastText => TOOL_MESSAGES.savedToClient('Content', clientName),
} as const;

export const CLIENT_CONTENT_LABELS = {
  clientProfile: 'Client Profile',
  clientUrl: 'Client Website URL',
  topic: 'Topic',
  additionalInstructions: 'Additional Instructions',
  instructions: 'Content Creation Instructions',
  generate: 'Generate Content',
  copyHtml: 'Copy HTML',
  copyText: 'Copy Text',
  save: 'Save Content',
} as const;

/**
 * 001 §3 names only `client_content_save` for this tool; the generation itself is recorded as
 * `client_content_generation`, following the `<tool>_generation` pattern of the other tools.
 */
export const CLIENT_CONTENT_ACTIVITY = {
  action: 'client_content_generation',
  saveAction: 'client_content_save',
  resourceType: 'content_generation',
} as const;

/** Body of POST /api/generate-client-content (001 §7) plus the tool's editable instructions and saving. */
export const clientContentRequestSchema = z
  .object({
    model: modelField,
    clientUrl: documentedRequired(webAddressField()),
    topic: documentedRequired(textField()),
    /** Additional instructions. */
    prompt: instructionsField(),
    /** The editable content creation instructions; when absent the client's, else the default. */
    instructions: z.optional(z.string().check(z.maxLength(MAX_INSTRUCTIONS))),
    ...clientFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      requireThat(ctx, value.clientUrl !== '', 'clientUrl', CLIENT_CONTENT_MESSAGES.urlRequired);
      requireThat(ctx, value.topic.trim() !== '', 'topic', CLIENT_CONTENT_MESSAGES.topicRequired);
      requireClientForSave(ctx, value, CLIENT_CONTENT_MESSAGES.selectClient.description);
    }),
  );

export type ClientContentRequest = z.output<typeof clientContentRequestSchema>;
export type ClientContentRequestInput = z.input<typeof clientContentRequestSchema>;

/** `content` is WordPress-ready HTML; `title` is the post title. */

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { ClientContentResult } from '../tool-results';

/* Its expected reply length in tokens: the worker measures live progress against it, the estimate prices it. */

/** 1000-1500 words of post (about 1,650 tokens) plus its HTML markup: about 2,000 tokens. */
export const CLIENT_CONTENT_EXPECTED_TOKENS = 2_000;

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateClientContent = (input: ClientContentRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: CLIENT_CONTENT_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.topic, input.prompt, input.instructions),
    readsSourcePage: false,
  });

/** What its generation route needs (functions/tools/client-content/handler.ts); the worker's definition spreads it. */
export const clientContentJob: ToolJob<ClientContentRequest> = {
  name: 'client-content',
  requestSchema: clientContentRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateClientContent,
  sourceUrls: (input) => [input.clientUrl],
};
