import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '#functions/generation/job-store';
import { startFakeAnthropicServer } from '#functions/providers/testing/fake-anthropic-server';
import { startFakeGoogleServer } from '#functions/providers/testing/fake-google-server';
import {
  type FakeOpenAiOptions,
  type FakeOpenAiReply,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { settleJob } from '#functions/usage/settle-job';
import { costOf, NO_USAGE } from '#shared/prices';
import type { UsageJob, UsageReply } from '#shared/usage';
import { waitForJob } from '#test/support/job-events';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/** A first job starts its function's thread; on a loaded machine that alone can take many seconds. */
const JOB_TIMEOUT_MS = 90_000;
/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": every job's usage is recorded with what its
 * provider reported, through the whole engine (gateway, queue, worker thread, adapter) against each
 * provider's fake wire-format server: OpenAI (reasoning inside the completion tokens), xAI (reasoning counted
 * outside them), Anthropic, and Google (images; its text adapter reports thinking apart,
 * functions/providers/google-text-provider.test.ts, and no spec list has a Gemini text model); a reply cut
 * off at its limit still counts; media jobs record images with their size and quality and speech with its
 * length; and settling a finished job again changes nothing. (Offline jobs, recorded at no cost, are checked
 * in batches.test.ts.)
 *
 * Each function runs in a thread of its own whose environment is fixed when it starts, as a Lambda's
 * is: every provider is configured before the runtime starts, and the fake servers' replies are set per
 * test through the options object they read on every request.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const CHUNKS = ['<h1>Gutters</h1>', '<p>Clean them', ' twice a year.</p>'];

const openaiOptions: Mutable<FakeOpenAiOptions> = { chunks: CHUNKS };
const xaiOptions: Mutable<FakeOpenAiOptions> = { chunks: CHUNKS };
let openai: FakeOpenAiServer;
let closeServers: (() => Promise<void>) | undefined;

let app: TestRuntime;
let user: TestUser;
let admin: TestUser;
let clientId: string;

beforeAll(async () => {
  await clearOfMonthEnd();
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  openaiOptions.image = new Uint8Array(picture);
  const [openaiServer, xai, anthropic, google] = await Promise.all([
    startFakeOpenAiServer(openaiOptions),
    startFakeOpenAiServer(xaiOptions),
    startFakeAnthropicServer({ chunks: CHUNKS, usage: { inputTokens: 2_000, outputTokens: 700 } }),
    startFakeGoogleServer({ image: new Uint8Array(picture) }),
  ]);
  openai = openaiServer;
  closeServers = async () => {
    await Promise.all([openaiServer.close(), xai.close(), anthropic.close(), google.close()]);
  };
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openaiServer.baseUrl,
      XAI_API_KEY: 'xai-test',
      XAI_BASE_URL: xai.baseUrl,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
      GOOGLE_API_KEY: 'AIza-test',
      GOOGLE_BASE_URL: google.baseUrl,
    },
  });
  [user, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: { name: 'Peak Roofing' },
  });
  clientId = created.body.id;
}, withMonthEndWait(120_000));

afterAll(async () => {
  await app?.stop();
  await closeServers?.();
});

/** The reply a fake gives its next request (its replies are read by request number). */
function scriptNext(options: Mutable<FakeOpenAiOptions>, server: FakeOpenAiServer, reply: FakeOpenAiReply) {
  const replies: FakeOpenAiReply[] = [];
  replies[server.requests.length] = reply;
  options.replies = replies;
}

async function newsletter(model: string, topic: string): Promise<string> {
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: user.idToken,
    body: { topic, model, clientId, saveToClient: true },
  });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  return queued.body.jobId;
}

/** The job's usage row, once its accounting is settled (just after its status). */
async function usageOf(jobId: string, token = user.idToken): Promise<UsageJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await app.request<{ rows: UsageJob[] }>('GET', '/api/usage/jobs?limit=1000', { token });
    const row = page.body.rows.find((candidate) => candidate.jobId === jobId);
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`No usage row for job ${jobId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const usd = (micro: number) => micro / 1_000_000;

describe('text jobs record what each provider reported', { timeout: 120_000 }, () => {
  it('OpenAI: input, output and reasoning tokens (reasoning inside the completion), priced by the model', async () => {
    openaiOptions.usage = { promptTokens: 1_200, completionTokens: 900, reasoningTokens: 400 };
    const jobId = await newsletter('gpt-5-2025-08-07', 'Gutter care');
    expect((await waitForJob(app, user.idToken, jobId, undefined, JOB_TIMEOUT_MS)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-5-2025-08-07',
      status: 'succeeded',
      clientId,
      clientName: 'Peak Roofing',
      userEmail: user.email,
      tool: 'newsletter',
      inputTokens: 1_200,
      outputTokens: 900,
      reasoningTokens: 400,
      contentId: jobId,
      priceAsOf: '2025-08-07',
    });
    // $1.25 and $10 per million: 1,200 × 1.25 + 900 × 10 micro-dollars.
    expect(row.costUsd).toBeCloseTo(usd(1_200 * 1.25 + 900 * 10), 9);
    expect(row.title).toMatch(/Newsletter/i);
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('xAI: reasoning counted outside the completion tokens is added to the output', async () => {
    xaiOptions.usage = {
      promptTokens: 1_000,
      completionTokens: 300,
      reasoningTokens: 500,
      reasoningOutsideCompletion: true,
    };
    const jobId = await newsletter('grok-4', 'Roof vents');
    expect((await waitForJob(app, user.idToken, jobId, undefined, JOB_TIMEOUT_MS)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      provider: 'xai',
      inputTokens: 1_000,
      outputTokens: 800,
      reasoningTokens: 500,
    });
    expect(row.costUsd).toBeCloseTo(usd(1_000 * 3 + 800 * 15), 9);
  });

  it('Anthropic: input (cache reads included) and output tokens', async () => {
    const jobId = await newsletter('claude-3-haiku-20240307', 'Skylights');
    expect((await waitForJob(app, user.idToken, jobId, undefined, JOB_TIMEOUT_MS)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      provider: 'anthropic',
      inputTokens: 2_000,
      outputTokens: 700,
      reasoningTokens: 0,
    });
    expect(row.costUsd).toBeCloseTo(usd(2_000 * 1 + 700 * 5), 9);
  });

  it('a reply cut off at its limit fails, and what it consumed still counts', async () => {
    openaiOptions.usage = { promptTokens: 500, completionTokens: 16_384 };
    scriptNext(openaiOptions, openai, { kind: 'stream', chunks: CHUNKS.slice(0, 1), finishReason: 'length' });
    const jobId = await newsletter('gpt-4o', 'Cut short');
    expect((await waitForJob(app, user.idToken, jobId, undefined, JOB_TIMEOUT_MS)).status).toBe('failed');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      status: 'failed',
      provider: 'openai',
      inputTokens: 500,
      outputTokens: 16_384,
    });
    expect(row.costUsd).toBeCloseTo(usd(500 * 2.5 + 16_384 * 10), 9);
  });
});

describe('media jobs record images and speech', { timeout: 120_000 }, () => {
  it('Google: images priced per image of the model', async () => {
    const image = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: user.idToken,
      body: {
        prompt: 'A metal roof at dusk',
        model: 'gemini-2.5-flash-image-preview',
        size: '16:9',
        numberOfImages: 1,
      },
    });
    expect(image.status, JSON.stringify(image.body)).toBe(202);
    expect((await waitForJob(app, user.idToken, image.body.jobId, undefined, JOB_TIMEOUT_MS)).status).toBe(
      'succeeded',
    );
    const row = await usageOf(image.body.jobId);
    expect(row).toMatchObject({ provider: 'google', modelId: 'gemini-2.5-flash-image-preview', images: 1 });
    expect(row.imageDetail).toBe('1 × 16:9 auto');
    expect(row.costUsd).toBeCloseTo(0.039, 9);
  });

  it('images with the size and quality the provider made, speech with its characters and seconds', async () => {
    const image = await app.request<{ jobId: string }>('POST', '/api/generate-image', {
      token: user.idToken,
      body: {
        prompt: 'A red roof in snow',
        model: 'gpt-image-1',
        size: '1536x1024',
        quality: 'auto',
        numberOfImages: 2,
      },
    });
    expect(image.status, JSON.stringify(image.body)).toBe(202);
    expect((await waitForJob(app, user.idToken, image.body.jobId, undefined, JOB_TIMEOUT_MS)).status).toBe(
      'succeeded',
    );
    const images = await usageOf(image.body.jobId);
    // The fake says `auto` came out as medium, as gpt-image reports it: 2 × $0.063.
    expect(images).toMatchObject({ provider: 'openai', tool: 'image-generation', images: 2 });
    expect(images.imageDetail).toBe('2 × 1536x1024 medium');
    expect(images.costUsd).toBeCloseTo(2 * 0.063, 9);

    const text = 'Welcome to the roofing minute. Today: gutters.';
    const speech = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: user.idToken,
      body: { text, voice: 'alloy' },
    });
    expect(speech.status).toBe(202);
    const spoken = await waitForJob(app, user.idToken, speech.body.jobId, undefined, JOB_TIMEOUT_MS);
    expect(spoken.status).toBe('succeeded');
    const voice = await usageOf(speech.body.jobId);
    expect(voice.speechCharacters).toBe(text.length);
    const seconds = (spoken.result as { durationSeconds: number }).durationSeconds;
    expect(voice.speechSeconds).toBeCloseTo(seconds, 1);
    const expected = costOf('gpt-4o-mini-tts', 'openai', {
      ...NO_USAGE,
      speechSeconds: voice.speechSeconds,
    }).microUsd;
    expect(voice.costUsd).toBeCloseTo(usd(expected), 4);
  });
});

describe('each job counts once', () => {
  it('settling a finished job again changes neither its usage, nor the day, nor the client month', async () => {
    openaiOptions.usage = { promptTokens: 100, completionTokens: 100 };
    const jobId = await newsletter('gpt-4o', 'Once only');
    expect((await waitForJob(app, user.idToken, jobId, undefined, JOB_TIMEOUT_MS)).status).toBe('succeeded');
    await usageOf(jobId);
    // The usage item is the settle step's first write; the day counters and the client's month follow,
    // and the job is marked settled last. The figures are read once all of them are there.
    await expect
      .poll(async () => (await getJob(jobId, { consistent: true }))?.accounting?.settledAt ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    const before = await app.request<UsageReply>('GET', '/api/usage', { token: admin.idToken });
    const month = await app.request<{ monthToDateUsd: number }>('GET', `/api/clients/${clientId}`, {
      token: user.idToken,
    });

    await settleJob(jobId);

    const after = await app.request<UsageReply>('GET', '/api/usage', { token: admin.idToken });
    const monthAfter = await app.request<{ monthToDateUsd: number }>('GET', `/api/clients/${clientId}`, {
      token: user.idToken,
    });
    expect(after.body.totals).toEqual(before.body.totals);
    expect(monthAfter.body.monthToDateUsd).toBe(month.body.monthToDateUsd);
    // The client's month holds every priced job of this file so far, and nothing twice.
    const rows = await app.request<{ rows: UsageJob[] }>(
      'GET',
      `/api/usage/jobs?clientId=${clientId}&limit=1000`,
      {
        token: user.idToken,
      },
    );
    const sum = rows.body.rows.reduce((total, row) => total + Math.round(row.costUsd * 1_000_000), 0);
    expect(Math.round(monthAfter.body.monthToDateUsd * 1_000_000)).toBe(sum);
  });
});
