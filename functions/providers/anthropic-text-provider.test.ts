import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicTextProvider } from './anthropic-text-provider';
import { ProviderError, type TextGenerationRequest } from './ports';
import {
  anthropicErrorBody,
  type FakeAnthropicOptions,
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from './testing/fake-anthropic-server';
import {
  closedPortUrl,
  collect,
  collectFailure,
  errorFields,
  fastSettings,
  recordingSleep,
} from './testing/provider-test-kit';

const request: TextGenerationRequest = {
  apiModelId: 'claude-sonnet-4-20250514',
  system: 'You write press releases.',
  prompt: 'Announce the new store.',
  maxOutputTokens: 2000,
};

let server: FakeAnthropicServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function anthropic(options: FakeAnthropicOptions = {}, settings = fastSettings()) {
  server = await startFakeAnthropicServer(options);
  return {
    server,
    provider: createAnthropicTextProvider({ apiKey: 'sk-ant-test', baseUrl: server.baseUrl, settings }),
  };
}

describe('Anthropic text adapter against the Messages streaming wire format', () => {
  it('streams the text deltas in order and reports input and output usage', async () => {
    const { provider, server } = await anthropic({
      chunks: ['FOR ', 'IMMEDIATE ', 'RELEASE'],
      usage: { inputTokens: 120, outputTokens: 9 },
    });

    const result = await collect(provider.streamText(request));

    expect(provider.name).toBe('anthropic');
    expect(result.chunks).toEqual(['FOR ', 'IMMEDIATE ', 'RELEASE']);
    expect(result.usage).toEqual({ inputTokens: 120, outputTokens: 9 });
    const [sent] = server.requests;
    expect(sent?.url).toBe('/v1/messages');
    // Older SDKs send the key as x-api-key, the installed one as a bearer token; the API takes both.
    const sentKey = sent?.headers['x-api-key'] ?? String(sent?.headers.authorization).replace(/^Bearer /, '');
    expect(sentKey).toBe('sk-ant-test');
    expect(sent?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent?.body).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 2000,
      system: 'You write press releases.',
      messages: [{ role: 'user', content: 'Announce the new store.' }],
      stream: true,
    });
  });

  it('maps 401 to an auth error without retrying', async () => {
    const { provider, server } = await anthropic({
      replies: [
        { kind: 'error', status: 401, body: anthropicErrorBody('authentication_error', 'invalid x-api-key') },
      ],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(error).toBeInstanceOf(ProviderError);
    expect(errorFields(error)).toMatchObject({ provider: 'anthropic', kind: 'auth', status: 401 });
    expect((error as Error).message).toContain('Anthropic rejected the API key');
    expect(server.requests).toHaveLength(1);
  });

  it('waits as long as retry-after asks after a 429, then retries', async () => {
    server = await startFakeAnthropicServer({
      replies: [
        {
          kind: 'error',
          status: 429,
          body: anthropicErrorBody(
            'rate_limit_error',
            'Number of request tokens has exceeded your rate limit',
          ),
          headers: { 'retry-after': '1' },
        },
      ],
    });
    const { sleep, waits } = recordingSleep(server.requests);
    const provider = createAnthropicTextProvider({
      apiKey: 'sk-ant-test',
      baseUrl: server.baseUrl,
      settings: fastSettings({ sleep }),
    });

    const result = await collect(provider.streamText(request));

    expect(result.text).toBe('Hello from Claude.');
    expect(waits).toEqual([{ ms: 1000, requestsSoFar: 1 }]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 500 and an overloaded 529, then succeeds', async () => {
    const { provider, server } = await anthropic({
      replies: [
        { kind: 'error', status: 500, body: anthropicErrorBody('api_error', 'Internal server error') },
        { kind: 'error', status: 529, body: anthropicErrorBody('overloaded_error', 'Overloaded') },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from Claude.');
    expect(server.requests).toHaveLength(3);
  });

  it('retries an overloaded error event sent inside the stream before any text', async () => {
    const { provider, server } = await anthropic({
      replies: [
        {
          kind: 'stream',
          chunks: [],
          end: 'stall',
          extraEvent: `event: error\ndata: ${JSON.stringify(anthropicErrorBody('overloaded_error', 'Overloaded'))}\n\n`,
        },
      ],
    });
    const result = await collect(provider.streamText(request));
    expect(result.text).toBe('Hello from Claude.');
    expect(server.requests).toHaveLength(2);
  });

  it('times out when the server never answers', async () => {
    const { provider } = await anthropic({ replies: [{ kind: 'hang' }] }, fastSettings({ timeoutMs: 150 }));
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ provider: 'anthropic', kind: 'timeout' });
    expect((error as Error).message).toContain('Anthropic did not answer within');
  });

  it('times out a stream that stalls after the first token, without retrying', async () => {
    const { provider, server } = await anthropic(
      { replies: [{ kind: 'stream', chunks: ['Half a'], end: 'stall' }] },
      fastSettings({ timeoutMs: 150 }),
    );
    const { error, chunks } = await collectFailure(provider.streamText(request));
    expect(chunks).toEqual(['Half a']);
    expect(errorFields(error)).toMatchObject({ kind: 'timeout' });
    expect(server.requests).toHaveLength(1);
  });

  it('maps malformed JSON to bad_response', async () => {
    const { provider } = await anthropic({
      replies: [
        {
          kind: 'stream',
          chunks: [],
          extraEvent: 'event: content_block_delta\ndata: {"type": "content_\n\n',
        },
      ],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'bad_response' });
    expect((error as Error).message).toBe('Anthropic sent a reply that could not be read (malformed JSON).');
  });

  it('maps an unknown model (404 not_found_error) to unknown_model', async () => {
    const { provider } = await anthropic({
      replies: [
        { kind: 'error', status: 404, body: anthropicErrorBody('not_found_error', 'model: claude-x') },
      ],
    });
    const { error } = await collectFailure(provider.streamText({ ...request, apiModelId: 'claude-x' }));
    expect(errorFields(error)).toMatchObject({ kind: 'unknown_model', status: 404 });
    expect((error as Error).message).toBe(
      'Anthropic does not offer the model "claude-x" (HTTP 404): model: claude-x',
    );
  });

  it('maps a refusal stop reason to refused', async () => {
    const { provider } = await anthropic({
      replies: [{ kind: 'stream', chunks: ['I'], stopReason: 'refusal' }],
    });
    const { error, chunks } = await collectFailure(provider.streamText(request));
    expect(chunks).toEqual(['I']);
    expect(errorFields(error)).toMatchObject({ kind: 'refused' });
  });

  it('reports a connection cut mid-stream as a network error', async () => {
    const { provider, server } = await anthropic({
      replies: [{ kind: 'stream', chunks: ['Cut'], end: 'drop' }],
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'network' });
    expect(server.requests).toHaveLength(1);
  });

  it('maps a refused connection to a network error', async () => {
    const provider = createAnthropicTextProvider({
      apiKey: 'sk-ant-test',
      baseUrl: await closedPortUrl(),
      settings: fastSettings({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 0 } }),
    });
    const { error } = await collectFailure(provider.streamText(request));
    expect(errorFields(error)).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toBe('Could not reach Anthropic (connection refused).');
  });
});
