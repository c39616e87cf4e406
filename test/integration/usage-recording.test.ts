import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropicServer } from '#functions/providers/testing/fake-anthropic-server';
import { startFakeGoogleServer } from '#functions/providers/testing/fake-google-server';
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { settleJob } from '#functions/usage/settle-job';
import { costOf, NO_USAGE } from '#shared/prices';
import type { UsageJob, UsageReply } from '#shared/usage';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Issue 34 item 1 and 8: every job's usage is recorded with what its provider reported, through the
 * whole engine (gateway, queue, worker, adapter) against each provider's fake wire-format server:
 * OpenAI (reasoning inside the completion tokens), xAI (reasoning counted outside them), Anthropic,
 * Google (thinking reported apart); a reply cut off at its limit still counts; media jobs record images
 * with their size and quality and speech with its length; offline jobs cost nothing; and settling a
 * finished job again changes nothing.
 *
 * No spec list has a Gemini text model, so `gpt-4o-mini` is served by Google here (as in
 * generation-providers.test.ts); it is priced as gpt-4o-mini, the model the request asked for.
 */
vi.mock('#shared/models', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#shared/models')>();
  const stand = actual.findLanguageModel('gpt-4o-mini');
  return {
    ...actual,
    findLanguageModel: (id: string) =>
      id === 'gpt-4o-mini' && stand
        ? { ...stand, provider: 'google', apiModelId: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash' }
        : actual.findLanguageModel(id),
  };
});

const CHUNKS = ['<h1>Gutters</h1>', '<p>Clean them', ' twice a year.</p>'];
const PROVIDER_ENV = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'XAI_API_KEY',
  'XAI_BASE_URL',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'GOOGLE_API_KEY',
  'GOOGLE_BASE_URL',
];

let app: TestRuntime;
let user: TestUser;
let admin: TestUser;
let clientId: string;
let closeProvider: (() => Promise<void>) | undefined;

beforeAll(async () => {
  app = await startTestRuntime();
  [user, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: { name: 'Peak Roofing', website: 'https://peak.example' },
  });
  clientId = created.body.id;
}, 60_000);

afterEach(async () => {
  await closeProvider?.();
  closeProvider = undefined;
  for (const name of PROVIDER_ENV) delete process.env[name];
});

afterAll(async () => {
  await app?.stop();
});

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
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = await app.request<{ rows: UsageJob[] }>('GET', '/api/usage/jobs?limit=1000', { token });
    const row = page.body.rows.find((candidate) => candidate.jobId === jobId);
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`No usage row for job ${jobId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const usd = (micro: number) => micro / 1_000_000;

describe('text jobs record what each provider reported', () => {
  it('OpenAI: input, output and reasoning tokens (reasoning inside the completion), priced by the model', async () => {
    const server = await startFakeOpenAiServer({
      chunks: CHUNKS,
      usage: { promptTokens: 1_200, completionTokens: 900, reasoningTokens: 400 },
    });
    closeProvider = server.close;
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl });
    const jobId = await newsletter('gpt-5-2025-08-07', 'Gutter care');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
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
    const server = await startFakeOpenAiServer({
      chunks: CHUNKS,
      usage: {
        promptTokens: 1_000,
        completionTokens: 300,
        reasoningTokens: 500,
        reasoningOutsideCompletion: true,
      },
    });
    closeProvider = server.close;
    Object.assign(process.env, { XAI_API_KEY: 'xai-test', XAI_BASE_URL: server.baseUrl });
    const jobId = await newsletter('grok-4', 'Roof vents');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
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
    const server = await startFakeAnthropicServer({
      chunks: CHUNKS,
      usage: { inputTokens: 2_000, outputTokens: 700 },
    });
    closeProvider = server.close;
    Object.assign(process.env, { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.baseUrl });
    const jobId = await newsletter('claude-3-haiku-20240307', 'Skylights');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      provider: 'anthropic',
      inputTokens: 2_000,
      outputTokens: 700,
      reasoningTokens: 0,
    });
    expect(row.costUsd).toBeCloseTo(usd(2_000 * 1 + 700 * 5), 9);
  });

  it('Google: thinking tokens are output, and reported apart', async () => {
    const server = await startFakeGoogleServer({
      chunks: CHUNKS,
      usage: { promptTokens: 800, candidatesTokens: 500, thoughtsTokens: 300 },
    });
    closeProvider = server.close;
    Object.assign(process.env, { GOOGLE_API_KEY: 'AIza-test', GOOGLE_BASE_URL: server.baseUrl });
    const jobId = await newsletter('gpt-4o-mini', 'Flashing');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      provider: 'google',
      inputTokens: 800,
      outputTokens: 800,
      reasoningTokens: 300,
    });
    expect(row.costUsd).toBeCloseTo(usd(800 * 0.15 + 800 * 0.6), 9);
  });

  it('a reply cut off at its limit fails, and what it consumed still counts', async () => {
    const server = await startFakeOpenAiServer({
      usage: { promptTokens: 500, completionTokens: 16_384 },
      replies: [{ kind: 'stream', chunks: CHUNKS.slice(0, 1), finishReason: 'length' }],
    });
    closeProvider = server.close;
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl });
    const jobId = await newsletter('gpt-4o', 'Cut short');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('failed');
    const row = await usageOf(jobId);
    expect(row).toMatchObject({
      status: 'failed',
      provider: 'openai',
      inputTokens: 500,
      outputTokens: 16_384,
    });
    expect(row.costUsd).toBeCloseTo(usd(500 * 2.5 + 16_384 * 10), 9);
  });

  it('an offline draft is recorded as offline, at no cost', async () => {
    const jobId = await newsletter('gpt-4o', 'Offline gutters');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
    const row = await usageOf(jobId);
    expect(row.provider).toBe('offline');
    expect(row.costUsd).toBe(0);
    expect(row.outputTokens).toBeGreaterThan(0);
  });
});

describe('media jobs record images and speech', () => {
  it('images with the size and quality the provider made, speech with its characters and seconds', async () => {
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const server = await startFakeOpenAiServer({ image: new Uint8Array(picture) });
    closeProvider = server.close;
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl });

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
    expect((await waitForJob(app, user.idToken, image.body.jobId)).status).toBe('succeeded');
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
    const spoken = await waitForJob(app, user.idToken, speech.body.jobId);
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
    const server = await startFakeOpenAiServer({
      chunks: CHUNKS,
      usage: { promptTokens: 100, completionTokens: 100 },
    });
    closeProvider = server.close;
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl });
    const jobId = await newsletter('gpt-4o', 'Once only');
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
    await usageOf(jobId);
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
