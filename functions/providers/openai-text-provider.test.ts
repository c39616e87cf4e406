import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiTextProvider } from './openai-text-provider';
import { ProviderError, type TextGenerationRequest } from './ports';
import {
  type FakeOpenAiOptions,
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from './testing/fake-openai-server';
import {
  closedPortUrl,
  collect,
  collectFailure,
  errorFields,
  fastSettings,
  recordingSleep,
} from './testing/provider-test-kit';

const request: TextGenerationRequest = {
  apiModelId: 'gpt-4o-mini',
  system: 'You write newsletters.',
  prompt: 'Write about spring gardening.',
  maxOutputTokens: 1500,
};

let server: FakeOpenAiServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openAi(options: FakeOpenAiOptions = {}, settings = fastSettings()) {
  server = await startFakeOpenAiServer(options);
  return {
    server,
    provider: createOpenAiTextProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      officialApi: true,
      settings,
    }),
  };
}

describe('OpenAI text adapter against the Chat Completions wire format', () => {
  it('streams the text in order and reports usage from the final chunk', async () => {
    const { provider, server } = await openAi({
      chunks: ['Spring ', 'is ', 'here', '.'],
      usage: { promptTokens: 42, completionTokens: 7 },
    });

    const result = await collect(provider.streamText(request));

    expect(result.chunks).toEqual(['Spring ', 'is ', 'here', '.']);
    expect(result.usage).toEqual({ inputTokens: 42, outputTokens: 7 });
    expect(provider.name).toBe('openai');
    const [sent] = server.requests;
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You write newsletters.' },
        { role: 'user', content: 'Write about spring gardening.' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 1500,
    });
  });

  it('reports reasoning tokens apart, inside the output as OpenAI counts them, or added when a server counts them outside', async () => {
    const inside = await openAi({ usage: { promptTokens: 10, completionTokens: 90, reasoningTokens: 60 } });
    const openAiCounted = await collect(inside.provider.streamText(request));
    expect(openAiCounted.usage).toEqual({ inputTokens: 10, outputTokens: 90 });
    expect(openAiCounted.reasoningTokens).toBe(60);
    const outside = await openAi({
      usage: {
        promptTokens: 10,
        completionTokens: 30,
        reasoningTokens: 60,
        reasoningOutsideCompletion: true,
      },
    });
    const counted = await collect(outside.provider.streamText(request));
    expect(counted.usage).toEqual({ inputTokens: 10, outputTokens: 90 });
    expect(counted.reasoningTokens).toBe(60);
  });

  it('reports what a reply cut off at its limit consumed before failing it', async () => {
    const { provider } = await openAi({
      usage: { promptTokens: 12, completionTokens: 500 },
      replies: [{ kind: 'stream', chunks: ['Cut'], finishReason: 'length' }],
    });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of provider.streamText(request)) {
          seen.push(event.type === 'usage' ? `usage ${event.inputTokens}/${event.outputTokens}` : event.type);
        }
      })(),
    ).rejects.toMatchObject({ kind: 'truncated' });
    expect(seen).toEqual(['text', 'usage 12/500']);
  });

  it('estimates usage when a compatible server sends none', async () => {
    const { provider } = await openAi({ chunks: ['12345678'], sendUsage: false });
    const result = await collect(provider.streamText(request));
    expect(result.usage).toEqual({ inputTokens: 6 + 8, outputTokens: 2 });
  });

  it('maps 401 to an auth error without retrying', async () => {
    const { provider, server } = await openAi({
      replies: [
        {
          kind: 'error',
          status: 401,
          body: openAiErrorBody(
            'Incorrect API key provided: sk-te**st.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        },
      ],
    });

    const { error } = await collectFailure(provider.streamText(request));

    expect(error).toBeInstanceOf(ProviderError);
    expect(errorFields(error)).toMatchObject({
      provider: 'openai',
      kind: 'auth',
      status: 401,
      retryable: false,
    });
    expect((error as Error).message).toContain('OpenAI rejected the API key');
    expect((error as Error).message).not.toContain('sk-te');
    expect(server.requests).toHaveLength(1);
  });

  it('waits as long as retry-after asks after a 429, then retries', async () => {
    server = await startFakeOpenAiServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: openAiErrorBody('Rate limit reached', 'requests', 'rate_limit_exceeded'),
          headers: { 'retry-after': '1' },
        },
      ],
    });
    const { sleep, waits } = recordingSleep(server.requests);
    const provider = createOpenAiTextProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ sleep }),
    });

    const result = await collect(provider.streamText(request));

    expect(result.text).toBe('Hello from the fake provider.');
    expect(waits).toEqual([{ ms: 1000, requestsSoFar: 1 }]);
    expect(server.requests).toHaveLength(2);
  });

  it('honours retry-after-ms, and an HTTP-date retry-after', async () => {
    server = await startFakeOpenAiServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: openAiErrorBody('slow down', 'requests'),
          headers: { 'retry-after-ms': '40' },
        },
        {
          kind: 'error',
          status: 503,
          body: openAiErrorBody('overloaded', 'server_error'),
          headers: { 'retry-after': new Date(Date.now() - 5_000).toUTCString() },
        },
      ],
    });
    const { sleep, waits } = recordingSleep(server.requests);
    const provider = createOpenAiTextProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ sleep }),
    });

    await collect(provider.streamText(request));

    // A date in the past means "now".
    expect(waits).toEqual([
      { ms: 40, requestsSoFar: 1 },
      { ms: 0, requestsSoFar: 2 },
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a 500 and then succeeds', async () => {
    const { provider, server } = await openAi({
      replies: [
        { kind: 'error', status: 500, body: openAiErrorBody('The server had an error', 'server_error') },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from the fake provider.');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the attempt limit with a server error', async () => {
    const failure = {
      kind: 'error',
      status: 502,
      body: openAiErrorBody('Bad gateway', 'server_error'),
    } as const;
    const { provider, server } = await openAi({ replies: [failure, failure, failure, failure] });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'server', status: 502, retryable: true });
    expect((error as Error).message).toContain('OpenAI had a server problem (HTTP 502)');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry when the wait asked for exceeds the total retry budget', async () => {
    const { provider, server } = await openAi(
      {
        replies: [
          {
            kind: 'error',
            status: 429,
            body: openAiErrorBody('slow', 'requests'),
            headers: { 'retry-after': '60' },
          },
        ],
      },
      fastSettings({ retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 10_000 } }),
    );
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect((error as ProviderError).retryAfterMs).toBe(60_000);
    expect(server.requests).toHaveLength(1);
  });

  it('treats an exhausted quota as not worth retrying', async () => {
    const { provider, server } = await openAi({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: openAiErrorBody(
            'You exceeded your current quota',
            'insufficient_quota',
            'insufficient_quota',
          ),
        },
      ],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'rate_limited', retryable: false });
    expect((error as Error).message).toContain('run out of credit or quota');
    expect(server.requests).toHaveLength(1);
  });

  it('times out when the server never answers', async () => {
    const { provider, server } = await openAi(
      { replies: [{ kind: 'hang' }] },
      fastSettings({ timeoutMs: 150 }),
    );
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ provider: 'openai', kind: 'timeout' });
    expect((error as Error).message).toBe(
      'OpenAI did not answer within 0.2 s. Try again, or choose another model.',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('times out a stream that stalls after the first token, without retrying', async () => {
    const { provider, server } = await openAi(
      { replies: [{ kind: 'stream', chunks: ['Partial'], finishReason: null, end: 'stall' }] },
      fastSettings({ timeoutMs: 150 }),
    );
    const { error, chunks } = await collectFailure(provider.streamText(request));
    expect(chunks).toEqual(['Partial']);
    expect(errorFields(error)).toMatchObject({ kind: 'timeout' });
    expect(server.requests).toHaveLength(1);
  });

  it('maps malformed JSON in the stream to bad_response', async () => {
    const { provider } = await openAi({
      replies: [
        { kind: 'raw', contentType: 'text/event-stream', body: 'data: {"choices": [ {"delta": \n\n' },
      ],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'bad_response', retryable: false });
    expect((error as Error).message).toBe('OpenAI sent a reply that could not be read (malformed JSON).');
  });

  it('maps an unknown model to unknown_model', async () => {
    const { provider } = await openAi({
      replies: [
        {
          kind: 'error',
          status: 404,
          body: openAiErrorBody(
            'The model `gpt-9` does not exist or you do not have access to it.',
            'invalid_request_error',
            'model_not_found',
          ),
        },
      ],
    });
    const { error } = await collectFailure(provider.streamText({ ...request, apiModelId: 'gpt-9' }));
    expect(errorFields(error)).toMatchObject({ kind: 'unknown_model', status: 404 });
    expect((error as Error).message).toContain('OpenAI does not offer the model "gpt-9" (HTTP 404)');
  });

  it('maps a content_filter finish and a refusal to refused', async () => {
    const { provider } = await openAi({
      replies: [
        { kind: 'stream', chunks: ['Some'], finishReason: 'content_filter' },
        { kind: 'stream', chunks: [], refusal: 'I cannot help with that.' },
      ],
    });
    const filtered = await collectFailure(provider.streamText(request));
    expect(filtered.chunks).toEqual(['Some']);
    expect(errorFields(filtered.error)).toMatchObject({ kind: 'refused' });
    const refused = await collectFailure(provider.streamText(request));
    expect(errorFields(refused.error)).toMatchObject({ kind: 'refused' });
    expect((refused.error as Error).message).toContain('I cannot help with that.');
  });

  it('maps an error event inside the stream, before any text, to a retried server error', async () => {
    const { provider, server } = await openAi({
      replies: [
        {
          kind: 'stream',
          chunks: [],
          extraEvent: JSON.stringify({ error: { message: 'Internal error', type: 'server_error' } }),
        },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from the fake provider.');
    expect(server.requests).toHaveLength(2);
  });

  it('retries a connection dropped before the first token, but not after it', async () => {
    const { provider, server } = await openAi({
      replies: [
        { kind: 'stream', chunks: [], finishReason: null, end: 'drop' },
        { kind: 'stream', chunks: ['Half'], finishReason: null, end: 'drop' },
      ],
    });
    const { error, chunks } = await collectFailure(provider.streamText(request));
    expect(chunks).toEqual(['Half']);
    expect(errorFields(error)).toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(2);
  });

  it('maps a refused connection to a network error', async () => {
    const provider = createOpenAiTextProvider({
      provider: 'openai',
      apiKey: 'sk-test',
      baseUrl: await closedPortUrl('/v1'),
      settings: fastSettings({
        retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 100 },
      }),
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(
      /^Could not reach the OpenAI-compatible server at 127\.0\.0\.1:\d+ \(connection refused\)\.$/,
    );
  });

  it("stops at the caller's abort and rethrows it as it is", async () => {
    const { provider } = await openAi({ chunks: ['a', 'b', 'c'], chunkDelayMs: 30 });
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    const seen: string[] = [];
    const failure = await (async () => {
      try {
        for await (const event of provider.streamText({ ...request, signal: controller.signal })) {
          if (event.type === 'text') seen.push(event.text);
          if (event.type === 'text' && event.text === 'a') controller.abort(reason);
        }
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBe(reason);
    expect(seen).toEqual(['a']);
  });
});

describe('xAI through the OpenAI adapter', () => {
  it('streams from its base URL, retrying a 429, and sends max_completion_tokens', async () => {
    server = await startFakeOpenAiServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: openAiErrorBody('Too many requests', 'rate_limit_exceeded'),
          headers: { 'retry-after': '0' },
        },
      ],
      chunks: ['Grok ', 'says ', 'hi'],
    });
    const provider = createOpenAiTextProvider({
      provider: 'xai',
      apiKey: 'xai-test',
      baseUrl: server.baseUrl,
      settings: fastSettings(),
    });

    const result = await collect(provider.streamText({ ...request, apiModelId: 'grok-4' }));

    expect(provider.name).toBe('xai');
    expect(result.text).toBe('Grok says hi');
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer xai-test');
    expect(server.requests[1]?.body).toMatchObject({
      model: 'grok-4',
      max_completion_tokens: 1500,
      stream: true,
    });
  });

  it('reports a bad xAI key as an xAI auth error', async () => {
    server = await startFakeOpenAiServer({
      replies: [
        {
          kind: 'error',
          status: 400,
          body: openAiErrorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
        },
      ],
    });
    const provider = createOpenAiTextProvider({
      provider: 'xai',
      apiKey: 'bad',
      baseUrl: server.baseUrl,
      settings: fastSettings(),
    });
    const { error } = await collectFailure(provider.streamText({ ...request, apiModelId: 'grok-3' }));
    expect(errorFields(error)).toMatchObject({ provider: 'xai', kind: 'auth' });
    expect((error as Error).message).toContain('xAI rejected the API key');
  });
});
