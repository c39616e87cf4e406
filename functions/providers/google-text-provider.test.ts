import { afterEach, describe, expect, it } from 'vitest';
import { createGoogleTextProvider } from './google-text-provider';
import { ProviderError, type TextGenerationRequest } from './ports';
import {
  type FakeGoogleOptions,
  type FakeGoogleServer,
  googleErrorBody,
  startFakeGoogleServer,
} from './testing/fake-google-server';
import {
  closedPortUrl,
  collect,
  collectFailure,
  errorFields,
  fastSettings,
  recordingSleep,
} from './testing/provider-test-kit';

const request: TextGenerationRequest = {
  apiModelId: 'gemini-2.5-flash',
  system: 'You write FAQ pages.',
  prompt: 'Questions about roof repair.',
  maxOutputTokens: 3000,
};

let server: FakeGoogleServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function gemini(options: FakeGoogleOptions = {}, settings = fastSettings()) {
  server = await startFakeGoogleServer(options);
  return {
    server,
    provider: createGoogleTextProvider({ apiKey: 'AIza-test', baseUrl: server.baseUrl, settings }),
  };
}

describe('Google text adapter against the Gemini streamGenerateContent wire format', () => {
  it('streams the text in order and reports usage, thinking tokens counted as output', async () => {
    const { provider, server } = await gemini({
      chunks: ['Q1: ', 'Do you ', 'repair roofs?'],
      usage: { promptTokens: 30, candidatesTokens: 8, thoughtsTokens: 100 },
    });

    const result = await collect(provider.streamText(request));

    expect(provider.name).toBe('google');
    expect(result.chunks).toEqual(['Q1: ', 'Do you ', 'repair roofs?']);
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 108 });
    // Reported apart too, for the usage record (docs/decisions.md, "Usage, cost, budgets and bulk runs").
    expect(result.reasoningTokens).toBe(100);
    const [sent] = server.requests;
    expect(sent?.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(sent?.headers['x-goog-api-key']).toBe('AIza-test');
    expect(sent?.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Questions about roof repair.' }] }],
      systemInstruction: { parts: [{ text: 'You write FAQ pages.' }] },
      generationConfig: { maxOutputTokens: 3000 },
    });
  });

  it("maps Google's invalid-key reply (400 API_KEY_INVALID) and a 401 to auth errors", async () => {
    const { provider, server } = await gemini({
      replies: [
        {
          kind: 'error',
          status: 400,
          body: googleErrorBody(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', {
            reason: 'API_KEY_INVALID',
          }),
        },
        {
          kind: 'error',
          status: 401,
          body: googleErrorBody(401, 'UNAUTHENTICATED', 'Request had invalid credentials.'),
        },
      ],
    });
    const invalid = await collectFailure(provider.streamText(request));
    expect(invalid.error).toBeInstanceOf(ProviderError);
    expect(errorFields(invalid.error)).toMatchObject({ provider: 'google', kind: 'auth', status: 400 });
    expect((invalid.error as Error).message).toContain('Google rejected the API key');
    const unauthenticated = await collectFailure(provider.streamText(request));
    expect(errorFields(unauthenticated.error)).toMatchObject({ kind: 'auth', status: 401 });
    expect(server.requests).toHaveLength(2);
  });

  it('waits for the RetryInfo delay of a 429, then retries', async () => {
    server = await startFakeGoogleServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: googleErrorBody(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', {
            retryDelay: '1s',
          }),
        },
      ],
    });
    const { sleep, waits } = recordingSleep(server.requests);
    const provider = createGoogleTextProvider({
      apiKey: 'AIza-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ sleep }),
    });

    const result = await collect(provider.streamText(request));

    expect(result.text).toBe('Hello from Gemini.');
    expect(waits).toEqual([{ ms: 1000, requestsSoFar: 1 }]);
    expect(server.requests).toHaveLength(2);
  });

  it('also honours a retry-after header on a 429', async () => {
    server = await startFakeGoogleServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: googleErrorBody(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted.'),
          headers: { 'retry-after': '1' },
        },
      ],
    });
    const { sleep, waits } = recordingSleep(server.requests);
    const provider = createGoogleTextProvider({
      apiKey: 'AIza-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ sleep }),
    });
    await collect(provider.streamText(request));
    expect(waits).toEqual([{ ms: 1000, requestsSoFar: 1 }]);
  });

  it('retries a 500 and then succeeds', async () => {
    const { provider, server } = await gemini({
      replies: [
        {
          kind: 'error',
          status: 500,
          body: googleErrorBody(500, 'INTERNAL', 'An internal error has occurred.'),
        },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from Gemini.');
    expect(server.requests).toHaveLength(2);
  });

  it('times out when the server never answers', async () => {
    const { provider } = await gemini({ replies: [{ kind: 'hang' }] }, fastSettings({ timeoutMs: 150 }));
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ provider: 'google', kind: 'timeout' });
    expect((error as Error).message).toContain('Google did not answer within');
  });

  it('times out a stream that stalls after the first token, without retrying', async () => {
    const { provider, server } = await gemini(
      { replies: [{ kind: 'stream', chunks: ['Partial'], end: 'stall' }] },
      fastSettings({ timeoutMs: 150 }),
    );
    const { error, chunks } = await collectFailure(provider.streamText(request));
    expect(chunks).toEqual(['Partial']);
    expect(errorFields(error)).toMatchObject({ kind: 'timeout' });
    expect(server.requests).toHaveLength(1);
  });

  it('maps malformed JSON to bad_response', async () => {
    const { provider } = await gemini({
      replies: [{ kind: 'stream', chunks: ['Ok'], extraData: '{"candidates": [' }],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'bad_response' });
    expect((error as Error).message).toBe('Google sent a reply that could not be read (malformed JSON).');
  });

  it('maps safety stops and blocked prompts to refused', async () => {
    const { provider } = await gemini({
      replies: [
        { kind: 'stream', chunks: ['Some text'], finishReason: 'SAFETY' },
        { kind: 'stream', blockReason: 'PROHIBITED_CONTENT' },
      ],
    });
    const stopped = await collectFailure(provider.streamText(request));
    expect(errorFields(stopped.error)).toMatchObject({ kind: 'refused' });
    expect((stopped.error as Error).message).toContain('SAFETY');
    const blocked = await collectFailure(provider.streamText(request));
    expect(errorFields(blocked.error)).toMatchObject({ kind: 'refused' });
    expect((blocked.error as Error).message).toContain('PROHIBITED_CONTENT');
  });

  it('maps an unknown model to unknown_model', async () => {
    const { provider } = await gemini({
      replies: [
        {
          kind: 'error',
          status: 404,
          body: googleErrorBody(404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta.'),
        },
      ],
    });
    const { error } = await collectFailure(provider.streamText({ ...request, apiModelId: 'gemini-9' }));
    expect(errorFields(error)).toMatchObject({ kind: 'unknown_model', status: 404 });
    expect((error as Error).message).toContain('Google does not offer the model "gemini-9"');
  });

  it('maps an error object sent inside the stream to a retried server error', async () => {
    const { provider, server } = await gemini({
      replies: [
        {
          kind: 'stream',
          chunks: [],
          end: 'stall',
          extraData: JSON.stringify(googleErrorBody(503, 'UNAVAILABLE', 'The model is overloaded.')),
        },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from Gemini.');
    expect(server.requests).toHaveLength(2);
  });

  it('maps a refused connection to a network error', async () => {
    const provider = createGoogleTextProvider({
      apiKey: 'AIza-test',
      baseUrl: await closedPortUrl(),
      settings: fastSettings({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 0 } }),
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toBe('Could not reach Google (connection refused).');
  });
});
