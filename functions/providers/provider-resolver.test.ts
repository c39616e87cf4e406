import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_MODELS, LANGUAGE_MODELS, PODCAST_VOICES } from '#shared/models';
import { ProviderError } from './ports';
import { resolveImageProvider, resolveSpeechProvider, resolveTextProvider } from './provider-resolver';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './testing/fake-openai-server';
import { collect, errorFields, fastSettings } from './testing/provider-test-kit';

const allKeys = {
  openai: { apiKey: 'sk-openai' },
  anthropic: { apiKey: 'sk-ant' },
  google: { apiKey: 'AIza' },
  xai: { apiKey: 'xai' },
};

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('resolveTextProvider', () => {
  it.each(LANGUAGE_MODELS.map((model) => [model.id, model] as const))(
    'serves %s by its own provider when that provider has a key',
    (id, model) => {
      const resolution = resolveTextProvider(id, allKeys);
      expect(resolution).toMatchObject({
        apiModelId: model.apiModelId,
        servedBy: model.provider,
        requestedProvider: model.provider,
        fallbackReason: null,
      });
      expect(resolution.provider.name).toBe(model.provider);
    },
  );

  it('falls back to the offline composer and says why in plain words', async () => {
    const resolution = resolveTextProvider(
      'claude-sonnet-4.1-20250514',
      { openai: { apiKey: 'sk' } },
      {
        composeOffline: () => 'An offline draft.',
      },
    );
    expect(resolution).toMatchObject({
      servedBy: 'offline',
      requestedProvider: 'anthropic',
      apiModelId: 'claude-sonnet-4-6',
      fallbackReason: 'No Anthropic API key is configured, so the offline composer wrote this draft.',
    });
    const result = await collect(
      resolution.provider.streamText({
        apiModelId: resolution.apiModelId,
        system: 's',
        prompt: 'p',
        maxOutputTokens: 10,
      }),
    );
    expect(result.text).toBe('An offline draft.');
  });

  it('names each provider in its fallback reason', () => {
    expect(resolveTextProvider('grok-3', {}).fallbackReason).toBe(
      'No xAI API key is configured, so the offline composer wrote this draft.',
    );
    expect(resolveTextProvider('gpt-4o', {}).fallbackReason).toBe(
      'No OpenAI API key is configured, so the offline composer wrote this draft.',
    );
  });

  it('routes a configured base URL to that server (an OpenAI-compatible server here)', async () => {
    server = await startFakeOpenAiServer({ chunks: ['From ', 'Ollama'] });
    const resolution = resolveTextProvider(
      'gpt-4o-mini',
      { openai: { apiKey: 'ollama', baseUrl: server.baseUrl } },
      { settings: fastSettings() },
    );
    const result = await collect(
      resolution.provider.streamText({
        apiModelId: resolution.apiModelId,
        system: 's',
        prompt: 'p',
        maxOutputTokens: 50,
      }),
    );
    expect(result.text).toBe('From Ollama');
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 50 });
  });

  it('rejects a model id that is not in the registry', () => {
    expect(() => resolveTextProvider('gpt-9', allKeys)).toThrow(ProviderError);
    expect(() => resolveTextProvider('gpt-9', allKeys)).toThrow(
      `"gpt-9" is not one of LBM Studio's text models.`,
    );
  });
});

describe('resolveImageProvider', () => {
  it.each(IMAGE_MODELS.map((model) => [model.id, model] as const))(
    'serves %s by its provider',
    (id, model) => {
      const resolution = resolveImageProvider(id, allKeys);
      expect(resolution).toMatchObject({ apiModelId: model.apiModelId, servedBy: model.provider });
      expect(resolution.provider.name).toBe(model.provider);
    },
  );

  it('fails clearly when the provider has no key', () => {
    let error: unknown;
    try {
      resolveImageProvider('dall-e-3', { anthropic: { apiKey: 'sk-ant' } });
    } catch (caught) {
      error = caught;
    }
    expect(errorFields(error)).toMatchObject({
      provider: 'openai',
      kind: 'not_configured',
      retryable: false,
    });
    expect((error as Error).message).toBe(
      'No OpenAI API key is configured, so DALL·E 3 cannot create images. Ask an administrator to configure one.',
    );
  });

  it("uses the user's own key for Google models, and tells them about the key field when there is none", () => {
    expect(resolveImageProvider('imagen-4.0-generate-001', {}, { userApiKey: ' AIza-user ' }).servedBy).toBe(
      'google',
    );
    expect(() => resolveImageProvider('imagen-4.0-generate-001', {})).toThrow(
      'No Google API key is configured, so Imagen 4 cannot create images. Enter a Google API key in the form, or ask an administrator to configure one.',
    );
    // Other providers ignore a user key: it is only collected for the Google models.
    expect(() => resolveImageProvider('gpt-image-1', {}, { userApiKey: 'sk-user' })).toThrow(ProviderError);
  });
});

describe('resolveSpeechProvider', () => {
  it('serves speech by OpenAI and maps every podcast voice to an OpenAI voice', () => {
    const resolution = resolveSpeechProvider(allKeys);
    expect(resolution).toMatchObject({ apiModelId: 'gpt-4o-mini-tts', servedBy: 'openai' });
    for (const voice of PODCAST_VOICES) expect(resolution.apiVoice(voice.id)).toBe(voice.openaiVoice);
    expect(() => resolution.apiVoice('robot')).toThrow('"robot" is not one of the podcast voices.');
  });

  it('fails clearly without an OpenAI key', () => {
    expect(() => resolveSpeechProvider({ google: { apiKey: 'AIza' } })).toThrow(
      'No OpenAI API key is configured, so podcast audio cannot be created. Ask an administrator to configure one.',
    );
  });
});
