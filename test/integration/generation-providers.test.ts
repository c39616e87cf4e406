import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicErrorBody,
  type FakeAnthropicReply,
  startFakeAnthropicServer,
} from '#functions/providers/testing/fake-anthropic-server';
import { type FakeOpenAiReply, startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { REASONING_TOKEN_HEADROOM } from '#shared/models';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { type ProviderRelay, startProviderRelay } from '#test/support/provider-relay';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Each text provider a model of the registry routes to, through the whole job engine (gateway, queue,
 * poller, worker, resolver, adapter) against its fake provider server: a streamed reply, a 429 then
 * success, a refused key, and a reply cut off at the token limit, which must fail the job instead of
 * being saved as complete.
 *
 * The runtime starts with every provider's key, and base URLs that point at one relay
 * (test/support/provider-relay.ts): the functions read them once, when their threads start, as a Lambda
 * container reads its environment; each test starts its own fake server and points the relay at it.
 *
 * No model of the spec's lists is served by Google's text API, so the engine never reaches the Google
 * text adapter; its wire format is tested against the fake Google server in
 * functions/providers/google-text-provider.test.ts. xAI goes through the OpenAI adapter with xAI's
 * base URL and name, the route a Grok model takes.
 */

const CHUNKS = [
  '<h1>Spring care</h1>',
  '<p>Brush twice',
  ' a day',
  ' and floss.</p>',
  '<p>Book a cleaning.</p>',
];

interface ProviderCase {
  readonly name: 'anthropic' | 'openai' | 'xai';
  readonly label: RegExp;
  readonly model: string;
  /** The provider's key and base URL; `origin` is the relay's, plus the fake server's base path. */
  readonly env: (origin: string) => Record<string, string>;
  readonly start: (
    replies: readonly unknown[],
    chunkDelayMs?: number,
  ) => Promise<{ baseUrl: string; requests: readonly { body: unknown }[]; close(): Promise<void> }>;
  readonly rateLimited: unknown;
  readonly badKey: unknown;
  readonly truncated: unknown;
}

/** OpenAI and xAI speak the same wire format (the fake OpenAI server serves both). */
function openAiFormat(provider: {
  name: 'openai' | 'xai';
  label: RegExp;
  model: string;
  keyName: 'OPENAI_API_KEY' | 'XAI_API_KEY';
}): ProviderCase {
  const baseUrlName = provider.name === 'openai' ? 'OPENAI_BASE_URL' : 'XAI_BASE_URL';
  return {
    ...provider,
    env: (origin) => ({ [provider.keyName]: 'sk-test', [baseUrlName]: `${origin}/v1` }),
    start: (replies, chunkDelayMs) =>
      startFakeOpenAiServer({ chunks: CHUNKS, chunkDelayMs, replies: replies as FakeOpenAiReply[] }),
    rateLimited: {
      kind: 'error',
      status: 429,
      body: { error: { message: 'Rate limit reached', type: 'requests', param: null, code: null } },
      headers: { 'retry-after': '0' },
    },
    badKey: {
      kind: 'error',
      status: 401,
      body: {
        error: {
          message: 'Incorrect API key',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    },
    truncated: { kind: 'stream', chunks: CHUNKS.slice(0, 2), finishReason: 'length' },
  };
}

const cases: ProviderCase[] = [
  {
    name: 'anthropic',
    label: /Anthropic/,
    model: 'claude-3-haiku-20240307',
    env: (origin) => ({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: origin }),
    start: (replies, chunkDelayMs) =>
      startFakeAnthropicServer({ chunks: CHUNKS, chunkDelayMs, replies: replies as FakeAnthropicReply[] }),
    rateLimited: {
      kind: 'error',
      status: 429,
      body: anthropicErrorBody('rate_limit_error', 'Number of requests has exceeded your rate limit.'),
      headers: { 'retry-after': '0' },
    },
    badKey: {
      kind: 'error',
      status: 401,
      body: anthropicErrorBody('authentication_error', 'invalid x-api-key'),
    },
    truncated: { kind: 'stream', chunks: CHUNKS.slice(0, 2), stopReason: 'max_tokens' },
  },
  openAiFormat({ name: 'openai', label: /OpenAI/, model: 'gpt-4o', keyName: 'OPENAI_API_KEY' }),
  // grok-3 is a reasoning model: its budget differs, the rest of the path is the same.
  openAiFormat({ name: 'xai', label: /xAI/, model: 'grok-3', keyName: 'XAI_API_KEY' }),
];

let app: TestRuntime;
let user: TestUser;
let clientId: string;
let relay: ProviderRelay;
let closeProvider: (() => Promise<void>) | undefined;

beforeAll(async () => {
  relay = await startProviderRelay();
  app = await startTestRuntime({
    env: Object.assign({}, ...cases.map((provider) => provider.env(relay.origin))),
  });
  user = await app.createUser();
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: { name: 'Bright Smile Dental', city: 'Austin', state: 'TX' },
  });
  expect(created.status).toBe(201);
  clientId = created.body.id;
});

afterEach(async () => {
  relay.relayTo(undefined);
  await closeProvider?.();
  closeProvider = undefined;
});

afterAll(async () => {
  await app?.stop();
  await relay?.close();
});

/** Starts a fresh fake server for this provider, and points the relay at it. */
async function useProvider(provider: ProviderCase, replies: readonly unknown[], chunkDelayMs?: number) {
  const server = await provider.start(replies, chunkDelayMs);
  closeProvider = server.close;
  relay.relayTo(new URL(server.baseUrl).origin);
  return server;
}

async function generate(provider: ProviderCase, topic: string): Promise<string> {
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: user.idToken,
    body: { topic, model: provider.model, clientId, saveToClient: true },
  });
  expect(queued.status).toBe(202);
  return queued.body.jobId;
}

async function libraryIds(): Promise<string[]> {
  const library = await app.request<{ content: Array<{ id: string }> }>(
    'GET',
    `/api/clients/${clientId}/content`,
    {
      token: user.idToken,
    },
  );
  return library.body.content.map((item) => item.id);
}

describe.each(cases)('$name through the job engine', (provider) => {
  it('streams the reply to the browser and saves the finished text', async () => {
    const server = await useProvider(provider, [], 120);
    const socket = await collectEvents(app, user.idToken);
    const jobId = await generate(provider, 'Spring care');
    const done = await socket.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
    socket.close();
    const partial = socket.events.filter((event) => event.jobId === jobId && event.type === 'job.progress');
    expect(partial.length).toBeGreaterThan(1);
    // Only new text is pushed, numbered in order, and the pieces add up to the whole reply.
    expect(partial[0]?.delta?.length).toBeLessThan(CHUNKS.join('').length);
    expect(partial.map((event) => event.seq)).toEqual(partial.map((_event, index) => index + 1));
    expect(partial.map((event) => event.delta).join('')).toBe(CHUNKS.join(''));
    expect(done.job?.status).toBe('succeeded');
    const job = await waitForJob(app, user.idToken, jobId);
    const result = job.result as { generatedHtml: string; provider: string };
    expect(result.provider).toBe(provider.name);
    expect(result.generatedHtml).toContain('Brush twice a day and floss.');
    expect(await libraryIds()).toContain(jobId);
    expect(server.requests).toHaveLength(1);
  });

  it('waits out a 429 and then succeeds', async () => {
    const server = await useProvider(provider, [provider.rateLimited]);
    const jobId = await generate(provider, 'After a rate limit');
    const job = await waitForJob(app, user.idToken, jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect((job.result as { provider: string }).provider).toBe(provider.name);
    expect(server.requests).toHaveLength(2);
  });

  it('fails at once with a message naming the provider when it refuses the key', async () => {
    const server = await useProvider(provider, [provider.badKey]);
    const jobId = await generate(provider, 'Bad key');
    const job = await waitForJob(app, user.idToken, jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(provider.label);
    expect(job.error).toMatch(/API key/);
    expect(job.error).not.toMatch(/\b(\w+) \1\b/i);
    // Failed on the first delivery (a retryable failure would be back to queued), one request.
    expect(server.requests).toHaveLength(1);
    expect(await libraryIds()).not.toContain(jobId);
  });

  it('fails a reply cut off at the token limit instead of saving it as complete', async () => {
    const server = await useProvider(provider, [provider.truncated]);
    const jobId = await generate(provider, 'Cut short');
    const job = await waitForJob(app, user.idToken, jobId);
    expect(job.status).toBe('failed');
    expect(job.result).toBeNull();
    expect(job.savedContentId).toBeNull();
    expect(job.error).toMatch(provider.label);
    expect(job.error).toMatch(/output limit/);
    expect(await libraryIds()).not.toContain(jobId);
    // Not retried (failed on the first delivery; a retryable failure would be back to queued).
    expect(server.requests).toHaveLength(1);
  });
});

describe('output budget through the engine', () => {
  it('asks a reasoning model for the reply plus the reasoning headroom, and a plain model for the reply', async () => {
    const openai = cases.find((provider) => provider.name === 'openai');
    if (!openai) throw new Error('no OpenAI case');
    const server = await useProvider(openai, []);
    const budgets: number[] = [];
    for (const model of ['gpt-5-2025-08-07', 'gpt-4o']) {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Budget for ${model}`, model },
      });
      await waitForJob(app, user.idToken, queued.body.jobId);
      const body = server.requests.at(-1)?.body as { max_tokens?: number; max_completion_tokens?: number };
      budgets.push(body.max_completion_tokens ?? body.max_tokens ?? 0);
    }
    const [reasoning, plain] = budgets;
    expect(plain).toBeGreaterThan(0);
    expect(plain).toBeLessThan(REASONING_TOKEN_HEADROOM);
    expect(reasoning).toBe((plain ?? 0) + REASONING_TOKEN_HEADROOM);
  });
});
