import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiSpeechProvider, OPENAI_SPEECH_MAX_CHARS } from './openai-speech-provider';
import { ProviderError } from './ports';
import { TINY_MP3 } from './testing/fake-http-server';
import {
  type FakeOpenAiOptions,
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from './testing/fake-openai-server';
import { errorFields, failureOf, fastSettings } from './testing/provider-test-kit';

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function speechProvider(options: FakeOpenAiOptions = {}) {
  server = await startFakeOpenAiServer(options);
  return {
    server,
    provider: createOpenAiSpeechProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      officialApi: true,
      settings: fastSettings(),
    }),
  };
}

describe('OpenAI speech adapter against /audio/speech', () => {
  it('returns the MP3 for the text and voice', async () => {
    const { provider, server } = await speechProvider();

    const result = await provider.synthesize({
      apiModelId: 'gpt-4o-mini-tts',
      voice: 'coral',
      text: 'Welcome to this week’s bulletin.',
    });

    expect(result).toEqual({ audio: TINY_MP3, mimeType: 'audio/mpeg' });
    expect(server.requests[0]?.url).toBe('/v1/audio/speech');
    expect(server.requests[0]?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'coral',
      input: 'Welcome to this week’s bulletin.',
      response_format: 'mp3',
    });
  });

  it('speaks a script longer than one request allows in pieces and joins them', async () => {
    const { provider, server } = await speechProvider();
    const sentence = 'This sentence is part of a long podcast script. ';
    const text = sentence.repeat(Math.ceil((OPENAI_SPEECH_MAX_CHARS * 1.5) / sentence.length));

    const result = await provider.synthesize({ apiModelId: 'gpt-4o-mini-tts', voice: 'alloy', text });

    expect(server.requests).toHaveLength(2);
    const inputs = server.requests.map((sent) => (sent.body as { input: string }).input);
    for (const input of inputs) expect(input.length).toBeLessThanOrEqual(OPENAI_SPEECH_MAX_CHARS);
    expect(inputs.join(' ')).toBe(text.trim());
    expect(result.audio).toEqual(new Uint8Array([...TINY_MP3, ...TINY_MP3]));
  });

  it('maps a rejected key to an auth error', async () => {
    const { provider } = await speechProvider({
      replies: [
        {
          kind: 'error',
          status: 401,
          body: openAiErrorBody('Invalid key', 'invalid_request_error', 'invalid_api_key'),
        },
      ],
    });
    const error = await failureOf(
      provider.synthesize({ apiModelId: 'gpt-4o-mini-tts', voice: 'ash', text: 'Hi' }),
    );
    expect(errorFields(error)).toMatchObject({ provider: 'openai', kind: 'auth', status: 401 });
  });

  it('reports audio that is not MP3 as bad_response and empty text as invalid_request', async () => {
    const { provider, server } = await speechProvider({ speech: new TextEncoder().encode('{"ok":true}') });
    const error = await failureOf(
      provider.synthesize({ apiModelId: 'gpt-4o-mini-tts', voice: 'ash', text: 'Hi' }),
    );
    expect(errorFields(error)).toMatchObject({ kind: 'bad_response' });
    const empty = await failureOf(
      provider.synthesize({ apiModelId: 'gpt-4o-mini-tts', voice: 'ash', text: '  ' }),
    );
    expect(empty).toBeInstanceOf(ProviderError);
    expect(errorFields(empty)).toMatchObject({ kind: 'invalid_request' });
    expect(server.requests).toHaveLength(1);
  });
});
