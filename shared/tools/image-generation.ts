import {
  AUTO,
  compressionApplies,
  DEFAULT_IMAGE_MODEL_ID,
  findImageModel,
  IMAGE_COMPRESSION,
  IMAGE_DEFAULTS,
  imageModelIdSchema,
  imageOutputFormatSchema,
  isImageFormatAllowed,
  isImageQualityAllowed,
  isImageSizeAllowed,
  MIN_IMAGE_COUNT,
} from '../models';
import { ELLIPSIS, withoutTrailingStops } from '../text';
import * as z from '../validation/zod';
import { clientFields, requireClientForSave, requireThat, TOOL_MESSAGES } from './common';

/** AI Image Generator (spec 001 §2, §3, §5, §7, §8, §9). */

/** 001 §9: style (none plus ten); the other lists have "a default plus several options". */
export const IMAGE_STYLES = [
  'none',
  'photorealistic',
  'hyperrealistic',
  'cinematic',
  'illustration',
  'concept art',
  'anime',
  'surreal',
  'minimalist',
  'retro',
  '3D render',
] as const;
export const IMAGE_LIGHTING = [
  'default',
  'natural light',
  'golden hour',
  'studio lighting',
  'dramatic lighting',
  'soft light',
  'neon',
  'night',
] as const;
export const IMAGE_DETAIL_LEVELS = ['default', 'simple', 'detailed', 'highly detailed', 'intricate'] as const;
export const IMAGE_COLOR_STYLES = [
  'default',
  'vibrant',
  'muted',
  'pastel',
  'monochrome',
  'black and white',
  'warm tones',
  'cool tones',
] as const;
export const IMAGE_TEXTURES = ['default', 'smooth', 'rough', 'glossy', 'matte', 'grainy'] as const;
export const IMAGE_PERSPECTIVES = [
  'default',
  'eye level',
  'close-up',
  'wide shot',
  "bird's eye view",
  'low angle',
  'isometric',
] as const;

/** The value of each option list that adds nothing to the prompt. */
export const NEUTRAL_OPTIONS: ReadonlySet<string> = new Set(['none', 'default']);

export const IMAGE_MESSAGES = {
  promptRequired: 'Please enter at least one prompt for image generation',
  selectClient: TOOL_MESSAGES.selectClient,
  invalidModel: 'Unknown image model. Choose one of the listed models.',
  invalidFile: 'Please upload a valid image file',
  fileTooLarge: 'Image size must be less than 5MB',
  analyzeFailed: 'Failed to analyze image. Please try again.',
  processFailed: 'Failed to process image. Please try again.',
  perImageFailure: (prompt: string, reason: string): string =>
    `Failed for: "${withoutTrailingStops(prompt.slice(0, 30))}${ELLIPSIS}" — ${reason}`,
  noImages: 'No images were generated. Please try again.',
  downloadFailed: 'Failed to download image',
  progress: (index: number, total: number): string => `Generating image ${index} of ${total}`,
} as const;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_CONFIGS = 10;
const MAX_PROMPT = 4_000;
const MAX_LIST_TEXT = 1_000;
/** Shown as written by the form and the API alike ("Please …", functions/commons/http-wrap.ts). */
const PROMPT_TOO_LONG = `Please keep the prompt to at most ${MAX_PROMPT.toLocaleString('en-US')} characters.`;
const promptText = () => z.string().check(z.maxLength(MAX_PROMPT, PROMPT_TOO_LONG));

const listText = () => z._default(z.string().check(z.maxLength(MAX_LIST_TEXT)), '');

export const imageConfigSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  prompt: z._default(promptText(), ''),
  /** Comma-separated, as typed in the form (the analysis result's lists are joined the same way). */
  entities: listText(),
  keywords: listText(),
  style: z._default(z.enum(IMAGE_STYLES), 'none'),
  lighting: z._default(z.enum(IMAGE_LIGHTING), 'default'),
  detailLevel: z._default(z.enum(IMAGE_DETAIL_LEVELS), 'default'),
  colorStyle: z._default(z.enum(IMAGE_COLOR_STYLES), 'default'),
  texture: z._default(z.enum(IMAGE_TEXTURES), 'default'),
  perspective: z._default(z.enum(IMAGE_PERSPECTIVES), 'default'),
});
export type ImageConfig = z.output<typeof imageConfigSchema>;

/** Splits a comma-separated field into trimmed, non-empty items. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/**
 * The prompt sent to the model, assembled in a fixed, visible order: the prompt, then each filled field
 * as a labelled sentence. Neutral options add nothing, so a bare prompt goes out unchanged.
 */
export function assembleImagePrompt(config: ImageConfig): string {
  const parts = [config.prompt.trim().replace(/[.\s]+$/, '')];
  const entities = splitList(config.entities);
  const keywords = splitList(config.keywords);
  if (entities.length > 0) parts.push(`Featuring: ${entities.join(', ')}`);
  if (keywords.length > 0) parts.push(`Keywords: ${keywords.join(', ')}`);
  const labelled: [string, string][] = [
    ['Style', config.style],
    ['Lighting', config.lighting],
    ['Detail', config.detailLevel],
    ['Colors', config.colorStyle],
    ['Texture', config.texture],
    ['Perspective', config.perspective],
  ];
  for (const [label, value] of labelled) if (!NEUTRAL_OPTIONS.has(value)) parts.push(`${label}: ${value}`);
  return `${parts.filter((part) => part.length > 0).join('. ')}.`;
}

export function hasPrompt(config: Pick<ImageConfig, 'prompt'>): boolean {
  return config.prompt.trim().length > 0;
}

export const generateImageRequestSchema = z
  .object({
    /** A bare prompt is one configuration (the public API, GBP and social). */
    prompt: z.optional(promptText()),
    configs: z.optional(z.array(imageConfigSchema).check(z.maxLength(MAX_IMAGE_CONFIGS))),
    model: z._default(imageModelIdSchema, DEFAULT_IMAGE_MODEL_ID),
    size: z._default(z.string().check(z.maxLength(20)), IMAGE_DEFAULTS.size),
    quality: z._default(z.string().check(z.maxLength(20)), IMAGE_DEFAULTS.quality),
    outputFormat: z._default(imageOutputFormatSchema, IMAGE_DEFAULTS.outputFormat),
    compression: z._default(
      z.number().check(z.int(), z.gte(IMAGE_COMPRESSION.min), z.lte(IMAGE_COMPRESSION.max)),
      IMAGE_COMPRESSION.default,
    ),
    numberOfImages: z._default(z.number().check(z.int()), IMAGE_DEFAULTS.count),
    /** The user's own key for imagen and gemini models: used for this request only, never stored. */
    apiKey: z.optional(z.string().check(z.trim(), z.maxLength(400))),
    ...clientFields,
  })
  .check(
    // What the refinement below requires, in the document's words: a prompt, bare or in a configuration.
    z.meta({ anyOf: [{ required: ['prompt'] }, { required: ['configs'] }] }),
    z.superRefine((value, ctx) => {
      const configs = imageConfigsOf(value);
      requireThat(ctx, configs.some(hasPrompt), 'configs', IMAGE_MESSAGES.promptRequired);
      const model = findImageModel(value.model);
      if (!model) return;
      requireThat(
        ctx,
        isImageSizeAllowed(model, value.size),
        'size',
        `${model.label} does not offer the size ${value.size}.`,
      );
      requireThat(
        ctx,
        isImageQualityAllowed(model, value.quality),
        'quality',
        `${model.label} does not offer the quality ${value.quality}.`,
      );
      requireThat(
        ctx,
        isImageFormatAllowed(model, value.outputFormat),
        'outputFormat',
        `${model.label} does not offer the ${value.outputFormat} format.`,
      );
      requireThat(
        ctx,
        value.numberOfImages >= MIN_IMAGE_COUNT && value.numberOfImages <= model.maxCount,
        'numberOfImages',
        `${model.label} makes ${MIN_IMAGE_COUNT === model.maxCount ? '1 image' : `1 to ${model.maxCount} images`} per prompt.`,
      );
      requireClientForSave(ctx, value, IMAGE_MESSAGES.selectClient.title);
    }),
  );
export type GenerateImageRequest = z.output<typeof generateImageRequestSchema>;

/** The configurations a request runs: its list, or its bare prompt as one configuration. */
export function imageConfigsOf(request: {
  prompt?: string | undefined;
  configs?: readonly ImageConfig[] | undefined;
}): ImageConfig[] {
  if (request.configs && request.configs.length > 0) return [...request.configs];
  // The options' defaults around the prompt as given: the request's own check calls this on a prompt
  // its length check has already refused, so parsing the prompt here would throw instead of a 400.
  return [{ ...imageConfigSchema.parse({ id: 'prompt' }), prompt: request.prompt ?? '' }];
}

/** What the request sends to the model for size and quality: nothing for 'auto'. */
export function effectiveSetting(value: string): string | undefined {
  return value === AUTO ? undefined : value;
}

/** Compression is sent only for gpt-image-1 with jpeg or webp output (001 §7). */
export function effectiveCompression(request: GenerateImageRequest): number | undefined {
  const model = findImageModel(request.model);
  return model && compressionApplies(model, request.outputFormat) ? request.compression : undefined;
}

/** The result's types live with its schema (shared/tool-results.ts), which request handlers need not load. */
export type { GeneratedImageResult, GenerateImageResult, ImageFailure } from '../tool-results';
