import { estimateTextJob, textCharacters } from '../usage-estimate';
import * as z from '../validation/zod';
import {
  clientFields,
  modelField,
  requireClientForSave,
  requireThat,
  TOOL_MESSAGES,
  type ToastText,
  type ToolJob,
  textField,
} from './common';

/** Tagline: one short slogan for a topic. */

export const TAGLINE_MESSAGES = {
  topicRequired: 'Please enter a topic for the tagline.',
  generationFailed: TOOL_MESSAGES.generationFailed,
  generated: (): ToastText => ({ title: 'Tagline Generated!', description: 'Your tagline is ready.' }),
  saved: (clientName: string): ToastText => TOOL_MESSAGES.savedToClient('Tagline', clientName),
} as const;

export const TAGLINE_ACTIVITY = { action: 'tagline_generation', resourceType: 'content_generation' } as const;

/** Body of POST /api/generate-tagline. */
export const taglineRequestSchema = z
  .object({ model: modelField, topic: textField(), ...clientFields })
  .check(
    z.superRefine((value, ctx) => {
      requireThat(ctx, value.topic.trim() !== '', 'topic', TAGLINE_MESSAGES.topicRequired);
      requireClientForSave(ctx, value, TOOL_MESSAGES.selectClient.description);
    }),
  );

export type TaglineRequest = z.output<typeof taglineRequestSchema>;
export type TaglineRequestInput = z.input<typeof taglineRequestSchema>;

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { TaglineResult } from '../tool-results';

/** One line of at most a dozen words: about 30 tokens. */
export const TAGLINE_EXPECTED_TOKENS = 30;

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateTagline = (input: TaglineRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: TAGLINE_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.topic),
    readsSourcePage: false,
  });

/** What its generation route needs (functions/tools/tagline/handler.ts); the worker's definition spreads it. */
export const taglineJob: ToolJob<TaglineRequest> = {
  name: 'tagline',
  requestSchema: taglineRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateTagline,
};
