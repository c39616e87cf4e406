import { inlineImageFits } from '../inline-upload';
import { imageKeySchema, imageSourceChecks } from '../media-upload';
import { DEFAULT_GBP_MODEL_ID, languageModelIdSchema } from '../models';
import {
  DEFAULT_LENGTH_LEVEL,
  isLengthLevel,
  type LengthLevel,
  SOCIAL_PLATFORM_IDS,
  type SocialPlatformId,
  targetCharacters,
} from '../platforms';
import { estimateTextJob, textCharacters } from '../usage-estimate';
import { documentedRequired } from '../validation/documented-required';
import * as z from '../validation/zod';
import { clientFields, type ToastText, type ToolJob } from './common';
import { IMAGE_MESSAGES } from './image-generation';

/** Social Content Generator (001 §2, §3, §5, §7, §8, §9). */

export const SOCIAL_TONES = ['professional', 'casual', 'friendly', 'urgent', 'inspirational'] as const;
export type SocialTone = (typeof SOCIAL_TONES)[number];
export const DEFAULT_SOCIAL_TONE: SocialTone = 'professional';

export const SOCIAL_MESSAGES = {
  promptAndPlatformRequired: 'Please enter a prompt and select at least one platform',
  imagePromptAndSizeRequired: 'Please enter an image prompt and select dimensions',
  loadClientsFailed: 'Failed to load clients',
  generationFailed: 'Failed to generate content',
  imageFailed: 'Failed to generate image',
  resizeFailed: 'Failed to resize image',
  generated: 'Content generated successfully!',
  imageGenerated: 'Image generated successfully!',
  resizing: 'Resizing image...',
  resized: 'Image resized successfully!',
  copied: (platformName: string): ToastText => ({
    title: 'Copied!',
    description: `${platformName} post copied`,
  }),
  downloaded: 'Downloaded',
  dimensionsNotice:
    'Note: the image model may not follow the exact dimensions; resize the result to the exact size below.',
} as const;

export const SOCIAL_ACTIVITY = {
  action: 'social_content_generation',
  imageAction: 'social_image_generation',
  resourceType: 'social_content',
} as const;

const platformMap = <T extends z.ZodMiniType>(value: T) =>
  z.partialRecord(z.enum(SOCIAL_PLATFORM_IDS), value);

const lengthLevel = z.pipe(
  z.number().check(z.int(), z.refine(isLengthLevel, 'The length level runs 1-5')),
  z.transform((value) => value as LengthLevel),
);

/** Body of POST /api/generate-social-content (001 §7). */
export const socialContentRequestSchema = z.pipe(
  z
    .object({
      prompt: documentedRequired(z._default(z.string().check(z.maxLength(5_000)), '')),
      platforms: documentedRequired(
        z._default(z.array(z.enum(SOCIAL_PLATFORM_IDS)).check(z.maxLength(SOCIAL_PLATFORM_IDS.length)), []),
      ),
      tone: z._default(z.enum(SOCIAL_TONES), DEFAULT_SOCIAL_TONE),
      includeHashtags: z._default(z.boolean(), true),
      includeCallToAction: z._default(z.boolean(), true),
      contentLength: z._default(platformMap(lengthLevel), {}),
      /** Characters per platform; clamped to 50..max on the server as in the form. */
      customTargets: z.optional(platformMap(z.number().check(z.int(), z.gte(1), z.lte(100_000)))),
      /** Not in the spec's body: the model that writes the posts (the GBP list's default when absent). */
      model: z._default(languageModelIdSchema, DEFAULT_GBP_MODEL_ID),
      clientId: clientFields.clientId,
      saveToClient: clientFields.saveToClient,
      timeZone: clientFields.timeZone,
    })
    .check(
      z.superRefine((value, ctx) => {
        // The spec's one message for both, at the field that lacks it: a bulk row names its column
        // ('Row 4, platforms: …'), the form and the API show the message as written.
        const missing = [
          ...(value.prompt.trim() === '' ? ['prompt'] : []),
          ...(value.platforms.length === 0 ? ['platforms'] : []),
        ];
        for (const field of missing) {
          ctx.addIssue({ code: 'custom', message: SOCIAL_MESSAGES.promptAndPlatformRequired, path: [field] });
        }
        if (value.saveToClient && value.clientId === undefined) {
          ctx.addIssue({ code: 'custom', message: 'Select a client', path: ['clientId'] });
        }
      }),
    ),
  z.transform((value) => ({ ...value, platforms: [...new Set(value.platforms)] })),
);

export type SocialContentRequest = z.output<typeof socialContentRequestSchema>;
export type SocialContentRequestInput = z.input<typeof socialContentRequestSchema>;

export function levelOf(request: Pick<SocialContentRequest, 'contentLength'>, platform: SocialPlatformId) {
  return request.contentLength[platform] ?? DEFAULT_LENGTH_LEVEL;
}

const DIMENSIONS = /^(\d{2,4})x(\d{2,4})$/;

export function parseDimensions(value: string): { width: number; height: number } | null {
  const match = DIMENSIONS.exec(value);
  if (!match) return null;
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** Body of POST /api/generate-social-image: one image at one of the selected platforms' sizes. */
export const socialImageRequestSchema = z
  .object({
    prompt: documentedRequired(z._default(z.string().check(z.maxLength(4_000)), '')),
    dimensions: documentedRequired(z._default(z.string(), '')),
    clientId: clientFields.clientId,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.prompt.trim() === '' || !parseDimensions(value.dimensions)) {
        ctx.addIssue({
          code: 'custom',
          message: SOCIAL_MESSAGES.imagePromptAndSizeRequired,
          path: ['prompt'],
        });
      }
    }),
  );

export type SocialImageRequest = z.output<typeof socialImageRequestSchema>;
export type SocialImageRequestInput = z.input<typeof socialImageRequestSchema>;

export const RESIZE_MODES = ['stretch', 'crop'] as const;
export type ResizeMode = (typeof RESIZE_MODES)[number];
export const DEFAULT_RESIZE_MODE: ResizeMode = 'stretch';
export const RESIZE_MODE_LABELS: Readonly<Record<ResizeMode, string>> = {
  stretch: 'Stretch',
  crop: 'Crop to fit',
};
export const CUSTOM_RESIZE = { min: 100, max: 2_048 } as const;

const resizeSide = z.number().check(z.int(), z.gte(CUSTOM_RESIZE.min), z.lte(CUSTOM_RESIZE.max));

/** Body of POST /api/resize-image: base64 (optionally a data URL) or an /api/media path this app returned. */
export const resizeImageRequestSchema = z
  .object({
    image: z.optional(
      z.string().check(
        z.minLength(1),
        z.meta({
          description: 'The image as base64 (or a data: URL), or a media path this API returned to you.',
        }),
      ),
    ),
    imageKey: z.optional(imageKeySchema),
    width: resizeSide,
    height: resizeSide,
    mode: z._default(z.enum(RESIZE_MODES), DEFAULT_RESIZE_MODE),
  })
  // As base64, against what Lambda can receive (shared/inline-upload.ts), with the spec's message.
  .check(...imageSourceChecks, z.refine(inlineImageFits, { error: IMAGE_MESSAGES.fileTooLarge }));

export type ResizeImageRequest = z.output<typeof resizeImageRequestSchema>;

/** Characters of all requested targets, about four to a token, plus the JSON around them. */
export function socialExpectedTokens(input: SocialContentRequest): number {
  const characters = input.platforms.reduce(
    (sum, platform) =>
      sum + targetCharacters(platform, levelOf(input, platform), input.customTargets?.[platform]),
    0,
  );
  return Math.ceil(characters / 4) + 40;
}

/** The job's cost estimate in micro-dollars (shared/usage-estimate.ts). */
export const estimateSocialContent = (input: SocialContentRequest) =>
  estimateTextJob({
    modelId: input.model,
    expectedOutputTokens: socialExpectedTokens(input),
    requestCharacters: textCharacters(input.prompt),
    readsSourcePage: false,
  });

/** What its generation route needs (functions/tools/social-content/routes.ts); the worker's definition spreads it. */
export const socialContentJob: ToolJob<SocialContentRequest> = {
  name: 'social-content',
  requestSchema: socialContentRequestSchema,
  clientId: (input) => input.clientId ?? null,
  estimateMicroUsd: estimateSocialContent,
};
