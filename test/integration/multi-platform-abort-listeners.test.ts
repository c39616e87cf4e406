import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { printFunctionOutput } from '#local/functions/function-host';
import { MULTI_PLATFORM_TYPES } from '#shared/tools/multi-platform';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * A seven-type run printed `MaxListenersExceededWarning: 11 abort listeners added to
 * [AbortSignal]`, because every child job added its two or three listeners (the provider call, its
 * retry pause, the deadline race) to the run's one deadline signal. Each child now listens through a
 * signal of its own, linked to the run's by one listener. The provider holds every reply until all
 * seven children are waiting on it, so their listeners are all there at once, as in a real run against
 * a slow model; the worker thread's stderr, where Node prints the warning, must stay free of it.
 */

const TYPE_COUNT = MULTI_PLATFORM_TYPES.length;
const HOLD_LIMIT_MS = 30_000;
const PAGE =
  '<html><head><title>Bakery</title></head><body><article><h1>Our bakery</h1><p>We bake bread daily in Austin and sell cakes.</p></article></body></html>';

let app: TestRuntime;
let provider: FakeOpenAiServer;
let site: Server;
let siteUrl: string;
const threadErrors: string[] = [];

beforeAll(async () => {
  let waiting = 0;
  let releaseAll: () => void = () => undefined;
  const allWaiting = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  provider = await startFakeOpenAiServer({
    beforeReply: () => {
      waiting += 1;
      if (waiting >= TYPE_COUNT) releaseAll();
      // A child that never calls would hold the others for good; the count below then says so.
      setTimeout(releaseAll, HOLD_LIMIT_MS).unref();
      return allWaiting;
    },
  });
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  siteUrl = `http://127.0.0.1:${port}/`;
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: provider.baseUrl,
      FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`,
    },
    functionOutput: (stream, text) => {
      if (stream === 'stderr') threadErrors.push(text);
      printFunctionOutput(stream, text);
    },
  });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await provider?.close();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('a seven-type multi-platform run', () => {
  it('holds its children in flight together without passing Node’s abort listener limit', async () => {
    expect(TYPE_COUNT).toBe(7);
    const user = await app.createUser();
    // Client content writes for a client (001 §4), so the run needs one for all seven types to call.
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: user.idToken,
      body: { name: 'Crumb & Co', website: siteUrl },
    });
    const started = await app.request<{ jobId: string }>('POST', '/api/generate-multi-platform', {
      token: user.idToken,
      body: {
        types: MULTI_PLATFORM_TYPES,
        prompt: 'Spring open house on May 3',
        tone: 'friendly',
        platforms: ['facebook', 'instagram', 'linkedin', 'twitter'],
        model: 'gpt-4.1-2025-04-14',
        blogUrl: `${siteUrl}blog`,
        clientId: client.body.id,
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await waitForJob(app, user.idToken, started.body.jobId, undefined, 120_000);
    expect(job.status, job.error ?? '').toBe('succeeded');
    // Every child reached the provider, and they were all waiting on it together.
    const calls = provider.requests.filter((request) => request.url.startsWith('/v1/chat/completions'));
    expect(
      calls.length,
      calls.map((call) => JSON.stringify(call.body).slice(0, 120)).join('\n'),
    ).toBeGreaterThanOrEqual(TYPE_COUNT);
    expect(threadErrors.join('')).not.toMatch(/MaxListenersExceededWarning/);
  }, 150_000);
});
