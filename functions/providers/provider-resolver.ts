import { logger } from '#functions/commons/logger';
import {
  findImageModel,
  findLanguageModel,
  findPodcastVoice,
  type ImageModel,
  type LanguageModel,
  type ModelProvider,
  PROVIDER_LABELS,
  SPEECH_MODEL,
} from '#shared/models';
import {
  createOfflineTextProvider,
  type OfflineTextOptions,
  type OfflineTextSource,
} from './offline-text-provider';
import {
  type ImageProvider,
  ProviderError,
  type ProviderName,
  type SpeechProvider,
  type TextProvider,
} from './ports';
import type { ProviderCredentials, ProviderKeys } from './provider-keys';
import type { CallSettingsInput, RetryNotice } from './resilient-call';

/*
 * The adapters, and with them their SDKs (hundreds of KB each, minified:
 * docs/benchmarks.md, "lambda-bundle"), are imported on a provider's first call, so a job evaluates only the
 * SDK of the provider it uses. esbuild still inlines them into the Lambda bundle (it does not split), but
 * unevaluated.
 */

function lazyTextProvider(name: ModelProvider, load: () => Promise<TextProvider>): TextProvider {
  let adapter: Promise<TextProvider> | undefined;
  return {
    name,
    async *streamText(request) {
      adapter ??= load();
      yield* (await adapter).streamText(request);
    },
  };
}

function lazyImageProvider(name: ModelProvider, load: () => Promise<ImageProvider>): ImageProvider {
  let adapter: Promise<ImageProvider> | undefined;
  return {
    name,
    generateImages: async (request) => {
      adapter ??= load();
      return (await adapter).generateImages(request);
    },
  };
}

function lazySpeechProvider(name: ModelProvider, load: () => Promise<SpeechProvider>): SpeechProvider {
  let adapter: Promise<SpeechProvider> | undefined;
  return {
    name,
    synthesize: async (request) => {
      adapter ??= load();
      return (await adapter).synthesize(request);
    },
  };
}

/**
 * Picks the adapter for a model id of the registry: the model's own provider when its key is
 * configured. Text falls back to the offline composer and says why; images and speech have no offline
 * stand-in yet, so they fail with a clear 'not_configured' error.
 */

export interface ResolveOptions {
  /** Timeouts, retry policy, sleep; the adapters' defaults when absent. */
  readonly settings?: CallSettingsInput;
}

export interface TextResolveOptions extends ResolveOptions {
  /** The tool's offline draft, used only when the model's provider has no key (it may be composed lazily). */
  readonly composeOffline?: OfflineTextSource;
  readonly offline?: OfflineTextOptions;
}

export interface TextResolution {
  readonly provider: TextProvider;
  readonly apiModelId: string;
  readonly model: LanguageModel;
  readonly servedBy: ProviderName;
  readonly requestedProvider: ModelProvider;
  /** Why the offline composer wrote this instead of the requested provider; null when it did not. */
  readonly fallbackReason: string | null;
}

const logRetry = (notice: RetryNotice) =>
  logger.warn('AI provider call failed, retrying', {
    provider: notice.error.provider,
    kind: notice.error.kind,
    status: notice.error.status,
    attempt: notice.attempt,
    delayMs: notice.delayMs,
  });

const withLogging = (settings: CallSettingsInput | undefined): CallSettingsInput => ({
  onRetry: logRetry,
  ...settings,
});

function unknownModel(kind: string, modelId: string): ProviderError {
  return new ProviderError(
    'offline',
    'unknown_model',
    `"${modelId}" is not one of LBM Studio's ${kind} models.`,
  );
}

function textAdapter(provider: ModelProvider, credentials: ProviderCredentials, settings: CallSettingsInput) {
  const common = {
    apiKey: credentials.apiKey,
    settings,
    ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
  };
  switch (provider) {
    case 'openai':
    case 'xai':
      return lazyTextProvider(provider, async () =>
        (await import('./openai-text-provider')).createOpenAiTextProvider({ provider, ...common }),
      );
    case 'anthropic':
      return lazyTextProvider(provider, async () =>
        (await import('./anthropic-text-provider')).createAnthropicTextProvider(common),
      );
    case 'google':
      return lazyTextProvider(provider, async () =>
        (await import('./google-text-provider')).createGoogleTextProvider(common),
      );
  }
}

const missingComposer = (modelId: string) => () => {
  throw new Error(
    `resolveTextProvider was not given composeOffline, so ${modelId} cannot be served offline.`,
  );
};

export function resolveTextProvider(
  modelId: string,
  keys: ProviderKeys,
  options: TextResolveOptions = {},
): TextResolution {
  const model = findLanguageModel(modelId);
  if (!model) throw unknownModel('text', modelId);
  const credentials = keys[model.provider];
  const resolution = { apiModelId: model.apiModelId, model, requestedProvider: model.provider };
  if (credentials) {
    return {
      ...resolution,
      provider: textAdapter(model.provider, credentials, withLogging(options.settings)),
      servedBy: model.provider,
      fallbackReason: null,
    };
  }
  return {
    ...resolution,
    provider: createOfflineTextProvider(options.composeOffline ?? missingComposer(modelId), options.offline),
    servedBy: 'offline',
    fallbackReason: `No ${PROVIDER_LABELS[model.provider]} API key is configured, so the offline composer wrote this draft.`,
  };
}

export interface ImageResolveOptions extends ResolveOptions {
  /** The user's own key from the request (the spec's field for imagen and gemini models). */
  readonly userApiKey?: string;
}

export interface ImageResolution {
  readonly provider: ImageProvider;
  readonly apiModelId: string;
  readonly model: ImageModel;
  readonly servedBy: ModelProvider;
  /** Drawn with the user's own key from the request: billed to them, not to the agency. */
  readonly usesUserKey: boolean;
}

export function resolveImageProvider(
  modelId: string,
  keys: ProviderKeys,
  options: ImageResolveOptions = {},
): ImageResolution {
  const model = findImageModel(modelId);
  if (!model) throw unknownModel('image', modelId);
  const userKey = model.acceptsUserApiKey ? options.userApiKey?.trim() : undefined;
  const configured = keys[model.provider];
  const credentials: ProviderCredentials | undefined = userKey
    ? { apiKey: userKey, ...(configured?.baseUrl ? { baseUrl: configured.baseUrl } : {}) }
    : configured;
  const label = PROVIDER_LABELS[model.provider];
  if (!credentials) {
    const hint = model.acceptsUserApiKey
      ? `Enter a ${label} API key in the form, or ask an administrator to configure one.`
      : 'Ask an administrator to configure one.';
    throw new ProviderError(
      model.provider,
      'not_configured',
      `No ${label} API key is configured, so ${model.label} cannot create images. ${hint}`,
    );
  }
  const provider = imageAdapter(model, credentials, withLogging(options.settings));
  return {
    provider,
    apiModelId: model.apiModelId,
    model,
    servedBy: model.provider,
    usesUserKey: Boolean(userKey),
  };
}

function imageAdapter(
  model: ImageModel,
  credentials: ProviderCredentials,
  settings: CallSettingsInput,
): ImageProvider {
  const common = {
    apiKey: credentials.apiKey,
    settings,
    ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
  };
  switch (model.provider) {
    case 'openai':
    case 'xai': {
      const provider = model.provider;
      return lazyImageProvider(provider, async () =>
        (await import('./openai-image-provider')).createOpenAiImageProvider({ provider, ...common }),
      );
    }
    case 'google':
      return lazyImageProvider(model.provider, async () =>
        (await import('./google-image-provider')).createGoogleImageProvider(common),
      );
    case 'anthropic':
      // Anthropic has no image generation; the registry holds no such model.
      throw unknownModel('image', model.id);
  }
}

export interface SpeechResolution {
  readonly provider: SpeechProvider;
  readonly apiModelId: string;
  readonly servedBy: ModelProvider;
  /** The provider's voice for a podcast voice id of the registry. */
  apiVoice(voiceId: string): string;
}

export function resolveSpeechProvider(keys: ProviderKeys, options: ResolveOptions = {}): SpeechResolution {
  const credentials = keys[SPEECH_MODEL.provider];
  if (!credentials) {
    throw new ProviderError(
      SPEECH_MODEL.provider,
      'not_configured',
      'No OpenAI API key is configured, so podcast audio cannot be created. Ask an administrator to configure one.',
    );
  }
  return {
    provider: lazySpeechProvider(SPEECH_MODEL.provider, async () =>
      (await import('./openai-speech-provider')).createOpenAiSpeechProvider({
        provider: SPEECH_MODEL.provider,
        apiKey: credentials.apiKey,
        settings: withLogging(options.settings),
        ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
      }),
    ),
    apiModelId: SPEECH_MODEL.apiModelId,
    servedBy: SPEECH_MODEL.provider,
    apiVoice: (voiceId) => {
      const voice = findPodcastVoice(voiceId);
      if (!voice) {
        throw new ProviderError(
          'openai',
          'invalid_request',
          `"${voiceId}" is not one of the podcast voices.`,
        );
      }
      return voice.openaiVoice;
    },
  };
}
