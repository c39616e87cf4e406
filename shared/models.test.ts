import { describe, expect, it } from 'vitest';
import {
  clampImageCount,
  compressionApplies,
  DEFAULT_GBP_MODEL_ID,
  DEFAULT_GUEST_VOICE_ID,
  DEFAULT_HOST_VOICE_ID,
  DEFAULT_IMAGE_MODEL_ID,
  DEFAULT_MULTI_PLATFORM_MODEL_ID,
  DEFAULT_TEXT_MODEL_ID,
  findImageModel,
  findLanguageModel,
  findPodcastVoice,
  findTextModel,
  GBP_MODELS,
  IMAGE_COMPRESSION,
  IMAGE_DEFAULTS,
  IMAGE_MODELS,
  imageModelIdSchema,
  imageQualityChoices,
  imageSizeChoices,
  isImageFormatAllowed,
  isImageQualityAllowed,
  isImageSizeAllowed,
  isLanguageModelId,
  isTextModelId,
  LANGUAGE_MODELS,
  languageModelIdSchema,
  MODEL_PROVIDERS,
  MULTI_PLATFORM_MODELS,
  multiPlatformModelIdSchema,
  outputTokenBudget,
  PODCAST_VOICES,
  PROVIDER_LABELS,
  podcastVoiceIdSchema,
  REASONING_TOKEN_HEADROOM,
  SPEECH_MODEL,
  TEXT_MODELS,
  textModelIdSchema,
} from './models';

const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe('text models', () => {
  it('are the 13 models of 000 §9 / 001 §9 in spec order, the {token} being Claude Sonnet 4', () => {
    expect(ids(TEXT_MODELS)).toEqual([
      'claude-sonnet-4.1-20250514',
      'gpt-5-2025-08-07',
      'gpt-5-mini-2025-08-07',
      'gpt-5-nano-2025-08-07',
      'claude-opus-4.1-20250514',
      'claude-sonnet-4-20250514',
      'claude-opus-4-20250514',
      'gpt-4.1-2025-04-14',
      'o3-2025-04-16',
      'grok-3',
      'grok-4',
      'gpt-4o',
      'gpt-4o-mini',
    ]);
  });

  it('default to the first entry', () => {
    expect(DEFAULT_TEXT_MODEL_ID).toBe('claude-sonnet-4.1-20250514');
    expect(TEXT_MODELS[0]?.id).toBe(DEFAULT_TEXT_MODEL_ID);
  });

  it('map spec ids that no provider serves (never released, or retired) to the recommended replacements', () => {
    const apiIds = Object.fromEntries(TEXT_MODELS.map((model) => [model.id, model.apiModelId]));
    expect(apiIds).toEqual({
      'claude-sonnet-4.1-20250514': 'claude-sonnet-4-6',
      'gpt-5-2025-08-07': 'gpt-5-2025-08-07',
      'gpt-5-mini-2025-08-07': 'gpt-5-mini-2025-08-07',
      'gpt-5-nano-2025-08-07': 'gpt-5-nano-2025-08-07',
      'claude-opus-4.1-20250514': 'claude-opus-4-8',
      'claude-sonnet-4-20250514': 'claude-sonnet-4-6',
      'claude-opus-4-20250514': 'claude-opus-4-8',
      'gpt-4.1-2025-04-14': 'gpt-4.1-2025-04-14',
      'o3-2025-04-16': 'o3-2025-04-16',
      'grok-3': 'grok-4.3',
      'grok-4': 'grok-4.3',
      'gpt-4o': 'gpt-4o',
      'gpt-4o-mini': 'gpt-4o-mini',
    });
    expect(findTextModel('grok-4')?.provider).toBe('xai');
    expect(findLanguageModel('claude-3-haiku-20240307')?.apiModelId).toBe('claude-haiku-4-5-20251001');
    expect(findLanguageModel('o4-mini-2025-04-16')?.apiModelId).toBe('gpt-5.6-terra');
  });

  it('describe a replaced model by what serves it', () => {
    for (const model of LANGUAGE_MODELS) {
      const replaced = model.apiModelId !== model.id;
      expect(model.description.includes('served by'), model.id).toBe(replaced);
    }
  });

  it('validate request fields against the list', () => {
    expect(textModelIdSchema.parse('gpt-4o')).toBe('gpt-4o');
    const rejected = textModelIdSchema.safeParse('o4-mini-2025-04-16');
    expect(rejected.success).toBe(false);
    expect(rejected.error?.issues[0]?.message).toBe('Unknown AI model. Choose one of the listed models.');
    expect(isTextModelId('gpt-4o-mini')).toBe(true);
    expect(isTextModelId('claude-3-haiku-20240307')).toBe(false);
    expect(findTextModel('gpt-6')).toBeUndefined();
  });
});

describe('GBP and multi-platform models', () => {
  it('GBP offers gpt-4o-mini (default), gpt-4o, Claude 3 Haiku and the {token} Claude Sonnet 4', () => {
    expect(ids(GBP_MODELS)).toEqual([
      'gpt-4o-mini',
      'gpt-4o',
      'claude-3-haiku-20240307',
      'claude-sonnet-4-20250514',
    ]);
    expect(DEFAULT_GBP_MODEL_ID).toBe('gpt-4o-mini');
  });

  it('multi-platform offers Claude 4/4.1 variants, GPT-5, GPT-5 mini, GPT-4.1, o3 and o4-mini', () => {
    const list = ids(MULTI_PLATFORM_MODELS);
    expect(DEFAULT_MULTI_PLATFORM_MODEL_ID).toBe('claude-sonnet-4-20250514');
    expect(list[0]).toBe(DEFAULT_MULTI_PLATFORM_MODEL_ID);
    expect(list.filter((id) => id.startsWith('claude-')).length).toBeGreaterThanOrEqual(3);
    for (const id of ['gpt-5-2025-08-07', 'gpt-5-mini-2025-08-07', 'gpt-4.1-2025-04-14', 'o3-2025-04-16']) {
      expect(list).toContain(id);
    }
    expect(list).toContain('o4-mini-2025-04-16');
    expect(multiPlatformModelIdSchema.safeParse('grok-3').success).toBe(false);
  });

  it('every list model is in the catalogue, which the union schema accepts', () => {
    for (const model of [...TEXT_MODELS, ...GBP_MODELS, ...MULTI_PLATFORM_MODELS]) {
      expect(isLanguageModelId(model.id)).toBe(true);
      expect(languageModelIdSchema.parse(model.id)).toBe(model.id);
    }
    expect(new Set(ids(LANGUAGE_MODELS)).size).toBe(LANGUAGE_MODELS.length);
    expect(isLanguageModelId('toString')).toBe(false);
    expect(findLanguageModel('__proto__')).toBeUndefined();
  });
});

describe('every model entry', () => {
  const all = [...LANGUAGE_MODELS, ...IMAGE_MODELS, SPEECH_MODEL];

  it.each(all.map((model) => [model.id, model] as const))(
    '%s has label, description, provider and API id',
    (_, m) => {
      expect(m.label.trim()).not.toBe('');
      expect(m.description.trim().length).toBeGreaterThan(10);
      expect(MODEL_PROVIDERS).toContain(m.provider);
      expect(m.apiModelId).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
      expect(PROVIDER_LABELS[m.provider]).toBeTruthy();
    },
  );

  it('language models have a positive output cap', () => {
    for (const model of LANGUAGE_MODELS) expect(model.maxOutputTokens).toBeGreaterThan(1000);
  });
});

describe('outputTokenBudget', () => {
  it('gives reasoning models room to think, capped by the model', () => {
    const gpt5 = findLanguageModel('gpt-5-2025-08-07')!;
    expect(outputTokenBudget(gpt5, 2000)).toBe(2000 + REASONING_TOKEN_HEADROOM);
    expect(outputTokenBudget(gpt5, 500_000)).toBe(gpt5.maxOutputTokens);
  });

  it('asks plain models for what is wanted, capped by the model', () => {
    const gpt4o = findLanguageModel('gpt-4o')!;
    expect(outputTokenBudget(gpt4o, 1200.2)).toBe(1201);
    expect(outputTokenBudget(gpt4o, 20_000)).toBe(16_384);
    expect(outputTokenBudget(gpt4o, 0)).toBe(1);
  });
});

describe('image models', () => {
  it('are the seven of 001 §9 in spec order with gpt-image-1 as default', () => {
    expect(ids(IMAGE_MODELS)).toEqual([
      'grok-aurora',
      'gpt-image-1',
      'dall-e-3',
      'dall-e-2',
      'gemini-2.5-flash-image-preview',
      'imagen-4.0-ultra-generate-001',
      'imagen-4.0-generate-001',
    ]);
    expect(DEFAULT_IMAGE_MODEL_ID).toBe('gpt-image-1');
    expect(imageModelIdSchema.safeParse('midjourney').success).toBe(false);
  });

  it('limit counts: 1 for dall-e-3, 4 for imagen, 10 otherwise', () => {
    const limits = Object.fromEntries(IMAGE_MODELS.map((model) => [model.id, model.maxCount]));
    expect(limits).toEqual({
      'grok-aurora': 10,
      'gpt-image-1': 10,
      'dall-e-3': 1,
      'dall-e-2': 10,
      'gemini-2.5-flash-image-preview': 10,
      'imagen-4.0-ultra-generate-001': 4,
      'imagen-4.0-generate-001': 4,
    });
    const dalle3 = findImageModel('dall-e-3')!;
    expect(clampImageCount(dalle3, 5)).toBe(1);
    expect(clampImageCount(findImageModel('imagen-4.0-generate-001')!, 9)).toBe(4);
    expect(clampImageCount(findImageModel('gpt-image-1')!, 0)).toBe(1);
  });

  it('have the sizes of 001 §9', () => {
    expect(findImageModel('grok-aurora')?.sizes).toEqual(['1024x1024', '1792x1024', '1024x1792']);
    expect(findImageModel('dall-e-3')?.sizes).toEqual(['1024x1024', '1792x1024', '1024x1792']);
    expect(findImageModel('gpt-image-1')?.sizes).toEqual(['1024x1024', '1536x1024', '1024x1536', 'auto']);
    expect(findImageModel('dall-e-2')?.sizes).toEqual(['256x256', '512x512', '1024x1024']);
    expect(findImageModel('gemini-2.5-flash-image-preview')?.sizes).toEqual(['16:9', '9:16', '3:4', '4:3']);
    expect(findImageModel('imagen-4.0-generate-001')?.sizes).toContain('800x600');
  });

  it('have the formats and qualities of 001 §9', () => {
    const formats = Object.fromEntries(IMAGE_MODELS.map((model) => [model.id, model.outputFormats]));
    expect(formats['gpt-image-1']).toEqual(['png', 'jpeg', 'webp']);
    expect(formats['dall-e-3']).toEqual(['png']);
    expect(formats['dall-e-2']).toEqual(['png']);
    expect(formats['grok-aurora']).toEqual(['png', 'jpeg']);
    expect(formats['imagen-4.0-generate-001']).toEqual(['png', 'jpeg']);
    expect(findImageModel('grok-aurora')?.qualities).toEqual(['high', 'standard']);
    expect(findImageModel('gpt-image-1')?.qualities).toEqual(['high', 'medium', 'low', 'auto']);
    expect(findImageModel('dall-e-3')?.qualities).toEqual(['hd', 'standard']);
    expect(findImageModel('dall-e-2')?.qualities).toEqual(['standard']);
    expect(findImageModel('imagen-4.0-ultra-generate-001')?.qualities).toEqual(['high', 'medium', 'low']);
  });

  it('default to size auto, quality auto, png, compression 85 (0-100 step 5), one image', () => {
    expect(IMAGE_DEFAULTS).toEqual({
      modelId: 'gpt-image-1',
      size: 'auto',
      quality: 'auto',
      outputFormat: 'png',
      compression: 85,
      count: 1,
    });
    expect(IMAGE_COMPRESSION).toEqual({ default: 85, min: 0, max: 100, step: 5 });
  });

  it('offer auto first in every size and quality select, and validate choices per model', () => {
    for (const model of IMAGE_MODELS) {
      expect(imageSizeChoices(model)[0]).toBe('auto');
      expect(imageQualityChoices(model)[0]).toBe('auto');
      expect(imageSizeChoices(model).filter((size) => size === 'auto')).toHaveLength(1);
      expect(isImageFormatAllowed(model, 'png')).toBe(true);
    }
    const dalle2 = findImageModel('dall-e-2')!;
    expect(isImageSizeAllowed(dalle2, '512x512')).toBe(true);
    expect(isImageSizeAllowed(dalle2, '1792x1024')).toBe(false);
    expect(isImageQualityAllowed(dalle2, 'hd')).toBe(false);
    expect(isImageFormatAllowed(dalle2, 'jpeg')).toBe(false);
  });

  it('apply compression only to gpt-image-1 with jpeg or webp', () => {
    const gptImage = findImageModel('gpt-image-1')!;
    expect(compressionApplies(gptImage, 'jpeg')).toBe(true);
    expect(compressionApplies(gptImage, 'webp')).toBe(true);
    expect(compressionApplies(gptImage, 'png')).toBe(false);
    expect(compressionApplies(findImageModel('grok-aurora')!, 'jpeg')).toBe(false);
  });

  it('are served by the current image models of each provider', () => {
    expect(
      Object.fromEntries(IMAGE_MODELS.map((model) => [model.id, [model.provider, model.apiModelId]])),
    ).toEqual({
      'grok-aurora': ['xai', 'grok-imagine-image'],
      'gpt-image-1': ['openai', 'gpt-image-2'],
      'dall-e-3': ['openai', 'gpt-image-2'],
      'dall-e-2': ['openai', 'gpt-image-2'],
      'gemini-2.5-flash-image-preview': ['google', 'gemini-3.1-flash-image'],
      'imagen-4.0-ultra-generate-001': ['google', 'gemini-3-pro-image'],
      'imagen-4.0-generate-001': ['google', 'gemini-3.1-flash-image'],
    });
  });

  it('take the user key only for the imagen and gemini models', () => {
    const withKey = IMAGE_MODELS.filter((model) => model.acceptsUserApiKey).map((model) => model.id);
    expect(withKey).toEqual([
      'gemini-2.5-flash-image-preview',
      'imagen-4.0-ultra-generate-001',
      'imagen-4.0-generate-001',
    ]);
  });
});

describe('podcast voices', () => {
  it('are ten voices that OpenAI text-to-speech speaks, each with a unique id, a name and a description', () => {
    expect(PODCAST_VOICES.map((entry) => entry.openaiVoice)).toEqual([
      'alloy',
      'ash',
      'ballad',
      'cedar',
      'coral',
      'echo',
      'marin',
      'sage',
      'shimmer',
      'verse',
    ]);
    expect(PODCAST_VOICES).toHaveLength(10);
    expect(new Set(PODCAST_VOICES.map((entry) => entry.id)).size).toBe(10);
    for (const entry of PODCAST_VOICES) {
      expect(entry.name).not.toBe('');
      expect(entry.description).not.toBe('');
      expect(entry.openaiVoice).toMatch(/^[a-z]+$/);
    }
  });

  it('have defaults that exist and differ, and a schema that rejects unknown voices', () => {
    expect(findPodcastVoice(DEFAULT_HOST_VOICE_ID)).toBeDefined();
    expect(findPodcastVoice(DEFAULT_GUEST_VOICE_ID)).toBeDefined();
    expect(DEFAULT_GUEST_VOICE_ID).not.toBe(DEFAULT_HOST_VOICE_ID);
    expect(podcastVoiceIdSchema.safeParse('marin').success).toBe(true);
    expect(podcastVoiceIdSchema.safeParse('robot').success).toBe(false);
  });
});
