import * as z from './validation/zod';

/**
 * Every model list of the spec (000 §9, 001 §9): the ids the UI shows and sends, each mapped to the
 * provider that serves it and that provider's real API model id. Where a spec id never existed or the
 * provider has retired it, `apiModelId` is the provider's own recommended replacement, so every choice
 * still works; docs/models.md lists every mapping, the retirement dates behind them, and the decisions
 * about the spec's redacted `{token}` entries. Swapping a model is a one-line change here.
 *
 * Browser-safe: the frontend builds its selects from these lists and the server validates against them.
 */

export const MODEL_PROVIDERS = ['openai', 'anthropic', 'google', 'xai'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Who actually produced a result: a model provider, or the offline composer when that provider has no key. */
export type ServingProvider = ModelProvider | 'offline';

export const PROVIDER_LABELS: Readonly<Record<ServingProvider, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  xai: 'xAI',
  offline: 'Offline composer',
};

interface ModelEntry {
  /** The spec's id: what the UI shows in its select and sends to the server. */
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly provider: ModelProvider;
  /** The provider's real API model id (differs from `id` where the spec's id does not exist). */
  readonly apiModelId: string;
}

export interface LanguageModel extends ModelEntry {
  /** Most output tokens one reply may have. */
  readonly maxOutputTokens: number;
  /** Thinks before answering; its hidden reasoning tokens count against the output budget. */
  readonly reasoning: boolean;
}

const languageModel = (
  id: string,
  label: string,
  provider: ModelProvider,
  apiModelId: string,
  maxOutputTokens: number,
  reasoning: boolean,
  description: string,
): LanguageModel => ({ id, label, description, provider, apiModelId, maxOutputTokens, reasoning });

/** Every language model any list offers, once. The lists below pick from it by id. */
const LANGUAGE_MODEL_CATALOG = {
  'claude-sonnet-4.1-20250514': languageModel(
    'claude-sonnet-4.1-20250514',
    'Claude Sonnet 4.1',
    'anthropic',
    // Anthropic never released a Sonnet 4.1; Sonnet 4.6 is its current Sonnet 4.x.
    'claude-sonnet-4-6',
    64_000,
    false,
    "Anthropic's balanced writer (served by Claude Sonnet 4.6): natural, on-brief long-form copy. The default.",
  ),
  'claude-opus-4.1-20250514': languageModel(
    'claude-opus-4.1-20250514',
    'Claude Opus 4.1',
    'anthropic',
    // Opus 4.1 (claude-opus-4-1-20250805) was retired in August 2026; Anthropic recommends Opus 4.8.
    'claude-opus-4-8',
    32_000,
    false,
    "Anthropic's most capable model (served by Claude Opus 4.8): careful, detailed copy. Slower and costlier.",
  ),
  'claude-sonnet-4-20250514': languageModel(
    'claude-sonnet-4-20250514',
    'Claude Sonnet 4',
    'anthropic',
    // Retired in June 2026; Anthropic recommends Sonnet 4.6.
    'claude-sonnet-4-6',
    64_000,
    false,
    'Reliable, well-structured marketing copy at a good speed (served by Claude Sonnet 4.6).',
  ),
  'claude-opus-4-20250514': languageModel(
    'claude-opus-4-20250514',
    'Claude Opus 4',
    'anthropic',
    // Retired in June 2026; Anthropic recommends Opus 4.8.
    'claude-opus-4-8',
    32_000,
    false,
    'Thorough, polished writing when quality matters more than speed (served by Claude Opus 4.8).',
  ),
  'claude-3-haiku-20240307': languageModel(
    'claude-3-haiku-20240307',
    'Claude 3 Haiku',
    'anthropic',
    // Retired in April 2026; Haiku 4.5 is the current Haiku.
    'claude-haiku-4-5-20251001',
    64_000,
    false,
    "Anthropic's fastest, lowest-cost model (served by Claude Haiku 4.5): good for short posts.",
  ),
  'gpt-5-2025-08-07': languageModel(
    'gpt-5-2025-08-07',
    'GPT-5',
    'openai',
    'gpt-5-2025-08-07',
    128_000,
    true,
    "OpenAI's flagship reasoning model: strong structure and facts; takes longer to start writing.",
  ),
  'gpt-5-mini-2025-08-07': languageModel(
    'gpt-5-mini-2025-08-07',
    'GPT-5 mini',
    'openai',
    'gpt-5-mini-2025-08-07',
    128_000,
    true,
    'A faster, cheaper GPT-5 that still reasons before writing.',
  ),
  'gpt-5-nano-2025-08-07': languageModel(
    'gpt-5-nano-2025-08-07',
    'GPT-5 nano',
    'openai',
    'gpt-5-nano-2025-08-07',
    128_000,
    true,
    'The smallest GPT-5: quick drafts and short pieces at the lowest cost.',
  ),
  'gpt-4.1-2025-04-14': languageModel(
    'gpt-4.1-2025-04-14',
    'GPT-4.1',
    'openai',
    'gpt-4.1-2025-04-14',
    32_768,
    false,
    'Follows detailed instructions closely and writes quickly, without a reasoning pause.',
  ),
  'o3-2025-04-16': languageModel(
    'o3-2025-04-16',
    'o3',
    'openai',
    'o3-2025-04-16',
    100_000,
    true,
    "OpenAI's deep reasoning model: best for analytical or technical content.",
  ),
  'o4-mini-2025-04-16': languageModel(
    'o4-mini-2025-04-16',
    'o4-mini',
    'openai',
    // Shut down in October 2026; OpenAI recommends gpt-5.6-terra.
    'gpt-5.6-terra',
    128_000,
    true,
    'A fast, economical reasoning model (served by GPT-5.6 Terra).',
  ),
  'gpt-4o': languageModel(
    'gpt-4o',
    'GPT-4o',
    'openai',
    'gpt-4o',
    16_384,
    false,
    'A versatile, fast all-rounder for everyday marketing copy.',
  ),
  'gpt-4o-mini': languageModel(
    'gpt-4o-mini',
    'GPT-4o mini',
    'openai',
    'gpt-4o-mini',
    16_384,
    false,
    'Fast and inexpensive: ideal for short posts and quick drafts.',
  ),
  'grok-3': languageModel(
    'grok-3',
    'Grok 3',
    'xai',
    // Retired in May 2026; xAI recommends Grok 4.3.
    'grok-4.3',
    32_768,
    true,
    "xAI's Grok: a direct, conversational writing style (served by Grok 4.3).",
  ),
  'grok-4': languageModel(
    'grok-4',
    'Grok 4',
    'xai',
    // The grok-4 alias pointed at grok-4-0709, retired in May 2026; xAI recommends Grok 4.3.
    'grok-4.3',
    32_768,
    true,
    "xAI's reasoning model: punchy copy with careful reasoning (served by Grok 4.3).",
  ),
} as const satisfies Record<string, LanguageModel>;

export type LanguageModelId = keyof typeof LANGUAGE_MODEL_CATALOG;

/** Text tools (000 §9, 001 §9), in the spec's order; the first is the default. */
export const TEXT_MODEL_IDS = [
  'claude-sonnet-4.1-20250514',
  'gpt-5-2025-08-07',
  'gpt-5-mini-2025-08-07',
  'gpt-5-nano-2025-08-07',
  'claude-opus-4.1-20250514',
  // The spec's `{token}` (6th entry): Claude Sonnet 4, see docs/models.md.
  'claude-sonnet-4-20250514',
  'claude-opus-4-20250514',
  'gpt-4.1-2025-04-14',
  'o3-2025-04-16',
  'grok-3',
  'grok-4',
  'gpt-4o',
  'gpt-4o-mini',
] as const satisfies readonly LanguageModelId[];

/** GBP Post Creator (001 §9); the first is the default. */
export const GBP_MODEL_IDS = [
  'gpt-4o-mini',
  'gpt-4o',
  'claude-3-haiku-20240307',
  // The spec's `{token}` (4th entry): Claude Sonnet 4, see docs/models.md.
  'claude-sonnet-4-20250514',
] as const satisfies readonly LanguageModelId[];

/** Multi-Platform Content Creator (001 §9); the first is the default (the spec's `{token}`). */
export const MULTI_PLATFORM_MODEL_IDS = [
  'claude-sonnet-4-20250514',
  'claude-sonnet-4.1-20250514',
  'claude-opus-4.1-20250514',
  'claude-opus-4-20250514',
  'gpt-5-2025-08-07',
  'gpt-5-mini-2025-08-07',
  'gpt-4.1-2025-04-14',
  'o3-2025-04-16',
  'o4-mini-2025-04-16',
] as const satisfies readonly LanguageModelId[];

export type TextModelId = (typeof TEXT_MODEL_IDS)[number];
export type GbpModelId = (typeof GBP_MODEL_IDS)[number];
export type MultiPlatformModelId = (typeof MULTI_PLATFORM_MODEL_IDS)[number];

export const DEFAULT_TEXT_MODEL_ID: TextModelId = TEXT_MODEL_IDS[0];
export const DEFAULT_GBP_MODEL_ID: GbpModelId = GBP_MODEL_IDS[0];
export const DEFAULT_MULTI_PLATFORM_MODEL_ID: MultiPlatformModelId = MULTI_PLATFORM_MODEL_IDS[0];

const pick = (ids: readonly LanguageModelId[]): readonly LanguageModel[] =>
  ids.map((id) => LANGUAGE_MODEL_CATALOG[id]);

export const TEXT_MODELS = /* @__PURE__ */ pick(TEXT_MODEL_IDS);
export const GBP_MODELS = /* @__PURE__ */ pick(GBP_MODEL_IDS);
export const MULTI_PLATFORM_MODELS = /* @__PURE__ */ pick(MULTI_PLATFORM_MODEL_IDS);

/** Every language model of every list, each once, in catalogue order. */
export const LANGUAGE_MODELS: readonly LanguageModel[] =
  /* @__PURE__ */ Object.values(LANGUAGE_MODEL_CATALOG);

const LANGUAGE_MODEL_IDS = /* @__PURE__ */ Object.keys(LANGUAGE_MODEL_CATALOG) as [
  LanguageModelId,
  ...LanguageModelId[],
];

const hasOwn = (record: object, key: string): boolean => Object.hasOwn(record, key);

export function isLanguageModelId(id: string): id is LanguageModelId {
  return hasOwn(LANGUAGE_MODEL_CATALOG, id);
}

export function isTextModelId(id: string): id is TextModelId {
  return (TEXT_MODEL_IDS as readonly string[]).includes(id);
}

/** Any language model of any list: what the server's resolver accepts. */
export function findLanguageModel(id: string): LanguageModel | undefined {
  return isLanguageModelId(id) ? LANGUAGE_MODEL_CATALOG[id] : undefined;
}

/** A model of the text tools' list only. */
export function findTextModel(id: string): LanguageModel | undefined {
  return isTextModelId(id) ? LANGUAGE_MODEL_CATALOG[id] : undefined;
}

/** Extra output budget for reasoning models, whose hidden thinking counts against `max tokens`. */
export const REASONING_TOKEN_HEADROOM = 16_000;

/**
 * The output-token limit to ask a model for when the reply itself should be about `wantedTokens` long:
 * reasoning models get room to think first, and no model is asked for more than it can give.
 */
export function outputTokenBudget(model: LanguageModel, wantedTokens: number): number {
  const wanted = Math.max(1, Math.ceil(wantedTokens));
  return Math.min(model.maxOutputTokens, model.reasoning ? wanted + REASONING_TOKEN_HEADROOM : wanted);
}

const UNKNOWN_MODEL_MESSAGE = 'Unknown AI model. Choose one of the listed models.';

/** Request field for the 13 text tools' model. */
export const textModelIdSchema = /* @__PURE__ */ z.enum(TEXT_MODEL_IDS, { error: UNKNOWN_MODEL_MESSAGE });
export const multiPlatformModelIdSchema = /* @__PURE__ */ z.enum(MULTI_PLATFORM_MODEL_IDS, {
  error: UNKNOWN_MODEL_MESSAGE,
});
/**
 * Any list's model. Generation endpoints that the Multi-Platform Creator also calls (newsletter, press
 * release, FAQ, blog rewrite, client content, GBP post) receive its models too, so they accept this one.
 */
export const languageModelIdSchema = /* @__PURE__ */ z.enum(LANGUAGE_MODEL_IDS, {
  error: UNKNOWN_MODEL_MESSAGE,
});

// ---------------------------------------------------------------------------------------------------
// Images (001 §9)

export const IMAGE_OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type ImageOutputFormat = (typeof IMAGE_OUTPUT_FORMATS)[number];

/** The value that means "let the model choose": sent as no parameter at all. */
export const AUTO = 'auto';

export interface ImageModel extends ModelEntry {
  /** Sizes offered besides 'auto': pixel sizes (`1024x1024`) or aspect ratios (`16:9`). */
  readonly sizes: readonly string[];
  readonly outputFormats: readonly ImageOutputFormat[];
  /** Qualities offered besides 'auto'. */
  readonly qualities: readonly string[];
  /** Most images one request may ask for. */
  readonly maxCount: number;
  /** The compression slider applies (with jpeg or webp output). */
  readonly supportsCompression: boolean;
  /** The request may carry the user's own key for this model's provider (the spec's third-party key field). */
  readonly acceptsUserApiKey: boolean;
  /**
   * The result is cropped in the browser to the chosen aspect ratio before it is shown or downloaded
   * (001 §9: "gemini: aspect ratios … (the result is cropped client-side)"): the model may answer
   * another shape than the ratio asked for.
   */
  readonly cropsToAspectRatio: boolean;
}

const DALL_E_3_SIZES = ['1024x1024', '1792x1024', '1024x1792'] as const;
const GEMINI_ASPECT_RATIOS = ['16:9', '9:16', '3:4', '4:3'] as const;
const OTHER_QUALITIES = ['high', 'medium', 'low'] as const;

const IMAGE_MODEL_CATALOG = {
  'grok-aurora': {
    id: 'grok-aurora',
    label: 'Grok Aurora',
    description: "xAI's image model (Aurora's successor, Grok Imagine): vivid, photorealistic scenes.",
    provider: 'xai',
    apiModelId: 'grok-imagine-image',
    sizes: DALL_E_3_SIZES,
    outputFormats: ['png', 'jpeg'],
    qualities: ['high', 'standard'],
    maxCount: 10,
    supportsCompression: false,
    acceptsUserApiKey: false,
    cropsToAspectRatio: false,
  },
  'gpt-image-1': {
    id: 'gpt-image-1',
    label: 'GPT Image 1',
    description: "OpenAI's image model: follows detailed prompts and renders text well. The default.",
    provider: 'openai',
    // gpt-image-1 was shut down in October 2026; gpt-image-2 is OpenAI's current image model.
    apiModelId: 'gpt-image-2',
    sizes: ['1024x1024', '1536x1024', '1024x1536', AUTO],
    outputFormats: ['png', 'jpeg', 'webp'],
    qualities: ['high', 'medium', 'low', AUTO],
    maxCount: 10,
    supportsCompression: true,
    acceptsUserApiKey: false,
    cropsToAspectRatio: false,
  },
  'dall-e-3': {
    id: 'dall-e-3',
    label: 'DALL·E 3',
    description: 'One artistic image per request, DALL·E 3 style (served by GPT Image 2).',
    provider: 'openai',
    // DALL·E 3 was shut down in May 2026; its sizes and qualities are translated for gpt-image-2.
    apiModelId: 'gpt-image-2',
    sizes: DALL_E_3_SIZES,
    outputFormats: ['png'],
    qualities: ['hd', 'standard'],
    maxCount: 1,
    supportsCompression: false,
    acceptsUserApiKey: false,
    cropsToAspectRatio: false,
  },
  'dall-e-2': {
    id: 'dall-e-2',
    label: 'DALL·E 2',
    description: 'Quick square images, DALL·E 2 style (served by GPT Image 2).',
    provider: 'openai',
    // DALL·E 2 was shut down in May 2026; its sizes are translated for gpt-image-2.
    apiModelId: 'gpt-image-2',
    sizes: ['256x256', '512x512', '1024x1024'],
    outputFormats: ['png'],
    qualities: ['standard'],
    maxCount: 10,
    supportsCompression: false,
    acceptsUserApiKey: false,
    cropsToAspectRatio: false,
  },
  'gemini-2.5-flash-image-preview': {
    id: 'gemini-2.5-flash-image-preview',
    label: 'Gemini 2.5 Flash Image',
    description:
      "Google's fast image model (served by Gemini 3.1 Flash Image); cropped to the ratio in the browser.",
    provider: 'google',
    // The preview and then gemini-2.5-flash-image were retired; Gemini 3.1 Flash Image succeeds them.
    apiModelId: 'gemini-3.1-flash-image',
    sizes: GEMINI_ASPECT_RATIOS,
    outputFormats: ['png', 'jpeg'],
    qualities: OTHER_QUALITIES,
    maxCount: 10,
    supportsCompression: false,
    acceptsUserApiKey: true,
    cropsToAspectRatio: true,
  },
  'imagen-4.0-ultra-generate-001': {
    id: 'imagen-4.0-ultra-generate-001',
    label: 'Imagen 4 Ultra',
    description:
      "Google's highest-fidelity images (served by Gemini 3 Pro Image): detailed and photographic.",
    provider: 'google',
    // Imagen was shut down in 2026; Google's migration table maps Imagen 4 Ultra to Gemini 3 Pro Image.
    apiModelId: 'gemini-3-pro-image',
    sizes: [...GEMINI_ASPECT_RATIOS, '800x600'],
    outputFormats: ['png', 'jpeg'],
    qualities: OTHER_QUALITIES,
    maxCount: 4,
    supportsCompression: false,
    acceptsUserApiKey: true,
    cropsToAspectRatio: false,
  },
  'imagen-4.0-generate-001': {
    id: 'imagen-4.0-generate-001',
    label: 'Imagen 4',
    description: 'High-quality images at a lower cost than Ultra (served by Gemini 3.1 Flash Image).',
    provider: 'google',
    // Imagen was shut down in 2026; Google's migration table maps Imagen 4 to Gemini 3.1 Flash Image.
    apiModelId: 'gemini-3.1-flash-image',
    sizes: [...GEMINI_ASPECT_RATIOS, '800x600'],
    outputFormats: ['png', 'jpeg'],
    qualities: OTHER_QUALITIES,
    maxCount: 4,
    supportsCompression: false,
    acceptsUserApiKey: true,
    cropsToAspectRatio: false,
  },
} as const satisfies Record<string, ImageModel>;

export type ImageModelId = keyof typeof IMAGE_MODEL_CATALOG;

/** Image models in the spec's order; the default is gpt-image-1. */
export const IMAGE_MODEL_IDS = [
  'grok-aurora',
  'gpt-image-1',
  'dall-e-3',
  'dall-e-2',
  'gemini-2.5-flash-image-preview',
  'imagen-4.0-ultra-generate-001',
  'imagen-4.0-generate-001',
] as const satisfies readonly ImageModelId[];

export const DEFAULT_IMAGE_MODEL_ID: ImageModelId = 'gpt-image-1';

export const IMAGE_MODELS: readonly ImageModel[] = /* @__PURE__ */ IMAGE_MODEL_IDS.map(
  (id) => IMAGE_MODEL_CATALOG[id],
);

export const IMAGE_COMPRESSION = { default: 85, min: 0, max: 100, step: 5 } as const;

export const IMAGE_DEFAULTS = {
  modelId: DEFAULT_IMAGE_MODEL_ID,
  size: AUTO,
  quality: AUTO,
  outputFormat: 'png',
  compression: IMAGE_COMPRESSION.default,
  count: 1,
} as const satisfies {
  modelId: ImageModelId;
  size: string;
  quality: string;
  outputFormat: ImageOutputFormat;
  compression: number;
  count: number;
};

export const MIN_IMAGE_COUNT = 1;

export function isImageModelId(id: string): id is ImageModelId {
  return hasOwn(IMAGE_MODEL_CATALOG, id);
}

export function findImageModel(id: string): ImageModel | undefined {
  return isImageModelId(id) ? IMAGE_MODEL_CATALOG[id] : undefined;
}

/** What the size select offers: 'auto' (the default) first, then the model's own sizes. */
export function imageSizeChoices(model: ImageModel): readonly string[] {
  return [AUTO, ...model.sizes.filter((size) => size !== AUTO)];
}

/** What the quality select offers: 'auto' (the default) first, then the model's own qualities. */
export function imageQualityChoices(model: ImageModel): readonly string[] {
  return [AUTO, ...model.qualities.filter((quality) => quality !== AUTO)];
}

export function isImageSizeAllowed(model: ImageModel, size: string): boolean {
  return imageSizeChoices(model).includes(size);
}

export function isImageQualityAllowed(model: ImageModel, quality: string): boolean {
  return imageQualityChoices(model).includes(quality);
}

export function isImageFormatAllowed(model: ImageModel, format: string): boolean {
  return (model.outputFormats as readonly string[]).includes(format);
}

/** Compression is sent only for gpt-image-1 with jpeg or webp output (001 §7). */
export function compressionApplies(model: ImageModel, format: ImageOutputFormat): boolean {
  return model.supportsCompression && format !== 'png';
}

/** Clamps a requested image count to the model's limits (1..maxCount). */
export function clampImageCount(model: ImageModel, count: number): number {
  return Math.min(model.maxCount, Math.max(MIN_IMAGE_COUNT, Math.floor(count)));
}

export const imageModelIdSchema = /* @__PURE__ */ z.enum(IMAGE_MODEL_IDS, {
  error: 'Unknown image model. Choose one of the listed models.',
});
export const imageOutputFormatSchema = /* @__PURE__ */ z.enum(IMAGE_OUTPUT_FORMATS);

// ---------------------------------------------------------------------------------------------------
// Podcast voices (001 §3, §9: ten named voices, each with an id; the names are not given)

export interface PodcastVoice {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** The OpenAI text-to-speech voice that speaks it. */
  readonly openaiVoice: string;
}

const voice = (id: string, name: string, description: string): PodcastVoice => ({
  id,
  name,
  description,
  openaiVoice: id,
});

export const PODCAST_VOICES = [
  /* @__PURE__ */ voice('alloy', 'Alloy', 'Neutral and balanced'),
  /* @__PURE__ */ voice('ash', 'Ash', 'Clear and confident'),
  /* @__PURE__ */ voice('ballad', 'Ballad', 'Warm, expressive storyteller'),
  /* @__PURE__ */ voice('cedar', 'Cedar', 'Deep and grounded'),
  /* @__PURE__ */ voice('coral', 'Coral', 'Bright and friendly'),
  /* @__PURE__ */ voice('echo', 'Echo', 'Calm and measured'),
  /* @__PURE__ */ voice('marin', 'Marin', 'Natural and conversational'),
  /* @__PURE__ */ voice('sage', 'Sage', 'Soft and thoughtful'),
  /* @__PURE__ */ voice('shimmer', 'Shimmer', 'Light and cheerful'),
  /* @__PURE__ */ voice('verse', 'Verse', 'Versatile and dynamic'),
] as const satisfies readonly PodcastVoice[];

export type PodcastVoiceId = (typeof PODCAST_VOICES)[number]['id'];

const PODCAST_VOICE_IDS = /* @__PURE__ */ PODCAST_VOICES.map((entry) => entry.id) as [
  PodcastVoiceId,
  ...PodcastVoiceId[],
];

export const DEFAULT_HOST_VOICE_ID: PodcastVoiceId = 'alloy';
/** A contrasting voice, so the two speakers of a conversation are easy to tell apart. */
export const DEFAULT_GUEST_VOICE_ID: PodcastVoiceId = 'cedar';

export function findPodcastVoice(id: string): PodcastVoice | undefined {
  return PODCAST_VOICES.find((entry) => entry.id === id);
}

export const podcastVoiceIdSchema = /* @__PURE__ */ z.enum(PODCAST_VOICE_IDS, {
  error: 'Unknown voice. Choose one of the listed voices.',
});

/** The text-to-speech model behind the podcast voices. */
export const SPEECH_MODEL = {
  id: 'gpt-4o-mini-tts',
  label: 'GPT-4o mini TTS',
  description: "OpenAI's text-to-speech model; speaks every podcast voice.",
  provider: 'openai',
  apiModelId: 'gpt-4o-mini-tts',
} as const satisfies ModelEntry;
