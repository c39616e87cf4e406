import { DEFAULT_GBP_MODEL_ID, languageModelIdSchema } from '../models';
import { estimateTextJob, textCharacters } from '../usage-estimate';
import { documentedRequired } from '../validation/documented-required';
import * as z from '../validation/zod';
import { clientFields, type ToolJob } from './common';
import { parseDimensions } from './social-content';

/** GBP Post Creator (001 §2, §5, §7, §8, §9). */

export const GBP_POST_TYPES = ['update', 'event', 'offer', 'community'] as const;
export type GbpPostType = (typeof GBP_POST_TYPES)[number];
export const DEFAULT_GBP_POST_TYPE: GbpPostType = 'update';
export const GBP_POST_TYPE_LABELS: Readonly<Record<GbpPostType, string>> = {
  update: 'Update',
  event: 'Event',
  offer: 'Offer',
  community: 'Community',
};

/** Google's limit on a Business Profile post's text. */
export const GBP_MAX_POST_CHARACTERS = 1_500;

export const GBP_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
export type GbpImageSize = (typeof GBP_IMAGE_SIZES)[number];
export const DEFAULT_GBP_IMAGE_SIZE: GbpImageSize = '1024x1024';
export const GBP_IMAGE_SIZE_LABELS: Readonly<Record<GbpImageSize, string>> = {
  '1024x1024': '1024x1024 (Square)',
  '1536x1024': '1536x1024 (Landscape)',
  '1024x1536': '1024x1536 (Portrait)',
};

export const GBP_MESSAGES = {
  promptRequired: 'Please enter a prompt for your GBP post',
  imagePromptRequired: 'Please enter a prompt for the image',
  loadClientsFailed: 'Failed to load clients',
  postFailed: 'Failed to generate GBP post. Please try again.',
  imageFailed: 'Failed to generate image. Please try again.',
  downloadFailed: 'Failed to download image',
  copyFailed: 'Failed to copy to clipboard',
  postGenerated: 'GBP post generated successfully!',
  imageGenerated: 'Image generated successfully!',
  downloaded: 'Downloaded',
  copied: 'Copied',
} as const;

export const GBP_ACTIVITY = {
  postAction: 'gbp_post_generation',
  imageAction: 'gbp_image_generation',
  resourceType: 'gbp_post',
} as const;

/** Body of POST /api/generate-gbp-post. The Multi-Platform Creator sends its own models too. */
export const gbpPostRequestSchema = z
  .object({
    prompt: documentedRequired(z._default(z.string().check(z.maxLength(5_000)), '')),
    postType: z._default(z.enum(GBP_POST_TYPES), DEFAULT_GBP_POST_TYPE),
    model: z._default(languageModelIdSchema, DEFAULT_GBP_MODEL_ID),
    ...clientFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.prompt.trim() === '') {
        ctx.addIssue({ code: 'custom', message: GBP_MESSAGES.promptRequired, path: ['prompt'] });
      }
      if (value.saveToClient && value.clientId === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Select a client', path: ['clientId'] });
      }
    }),
  );

export type GbpPostRequest = z.output<typeof gbpPostRequestSchema>;
export type GbpPostRequestInput = z.input<typeof gbpPostRequestSchema>;

/** Body of POST /api/generate-gbp-image. */
export const gbpImageRequestSchema = z
  .object({
    prompt: documentedRequired(z._default(z.string().check(z.maxLength(4_000)), '')),
    dimensions: z._default(z.enum(GBP_IMAGE_SIZES), DEFAULT_GBP_IMAGE_SIZE),
    clientId: clientFields.clientId,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.prompt.trim() === '' || !parseDimensions(value.dimensions)) {
        ctx.addIssue({ code: 'custom', message: GBP_MESSAGES.imagePromptRequired, path: ['prompt'] });
      }
    }),
  );

export type GbpImageRequest = z.output<typeof gbpImageRequestSchema>;
export type GbpImageRequestInput = z.input<typeof gbpImageRequestSchema>;

/* Its expected reply length in tokens: the worker measures live progress against it, the estimate prices it. */

/** A post of at most 1,500 characters: about 400 tokens. */
export const GBP_POST_EXPECTED_TOKENS = 400;

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts), counted against its client's budget. */
export const estimateGbpPost = (input: GbpPostRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: GBP_POST_EXPECTED_TOKENS,
    requestCharacters: textCharacters(input.prompt),
    readsSourcePage: false,
  });

/** What its generation route needs (functions/tools/gbp-post/handler.ts); the worker's definition spreads it. */
export const gbpPostJob: ToolJob<GbpPostRequest> = {
  name: 'gbp-post',
  requestSchema: gbpPostRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateGbpPost,
};
