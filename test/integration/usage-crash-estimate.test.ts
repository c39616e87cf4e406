import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeMp3 } from '#functions/providers/mp3-frames';
import { TINY_MP3 } from '#functions/providers/testing/fake-http-server';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { SPEECH_MODEL } from '#shared/models';
import { costOf, IMAGE_PRICES, microToUsd, NO_USAGE, usdToMicro } from '#shared/prices';
import { estimateTokens } from '#shared/token-estimate';
import type { UsageJob, UsageReply } from '#shared/usage';
import { estimatedSpeechUsage } from '#shared/usage-estimate';
import {
  bootstrappedAdmin,
  childAppApi,
  signInThroughApp,
  startChildApp,
  stopChildApp,
} from '#test/support/child-app';
import { clearOfMonthEnd } from '#test/support/month-end';

/**
 * docs/decisions.md, "Usage an owner reads at a glance; filters in the public API": a provider call cut off
 * by a crash still counts. The app runs as `npm start` in a child process, a newsletter streams slowly from
 * the fake OpenAI server, and the process is killed (kill -9) mid-stream, before the provider reported any
 * usage. The next start puts the job back on the queue and its second attempt finishes it. The job's usage is
 * then the second attempt's, as reported, plus the first one's estimate from the prompt it sent and the text
 * it had streamed (the estimator of the job estimates), marked as an estimate: not the 0 a lost attempt used
 * to count.
 */

const CHUNKS = Array.from({ length: 80 }, (_, index) => `<p>Paragraph ${index} about gutters.</p>`);
/** The first request streams for about 16 s; the second (after the restart) at once. */
const SLOW_CHUNK_MS = 200;
const USAGE = { promptTokens: 1_200, completionTokens: 800 };

let provider: FakeOpenAiServer;
let chunkDelayMs = SLOW_CHUNK_MS;
const dirs: string[] = [];

beforeAll(async () => {
  await clearOfMonthEnd();
  provider = await startFakeOpenAiServer({
    chunks: CHUNKS,
    usage: USAGE,
    get chunkDelayMs() {
      return chunkDelayMs;
    },
    beforeReply: async (request) => {
      chunkDelayMs = request.index === 0 ? SLOW_CHUNK_MS : 0;
    },
  });
});

afterAll(async () => {
  await provider?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface JobView {
  readonly status: string;
  readonly progress: number;
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a provider call cut off by a crash', () => {
  it('counts the attempt as an estimate of what was sent and streamed, marked as one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lbm-usage-crash-'));
    dirs.push(dataDir);
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.baseUrl };
    let app = await startChildApp(dataDir, env);
    let jobId: string;
    try {
      const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
      const api = childAppApi(app.url);
      jobId = (
        await api<{ jobId: string }>(token, 'POST', '/api/generate-newsletter', {
          topic: 'Gutter care',
          model: 'gpt-4o',
        })
      ).jobId;
      // Killed once the job has saved some of its text (and so its estimate), long before it ends.
      const midway = await poll(
        () => api<JobView>(token, 'GET', `/api/jobs/${jobId}`),
        (job) => job.status === 'running' && job.progress > 0,
        'the job to stream',
      );
      expect(midway.progress).toBeLessThan(99);
    } finally {
      await stopChildApp(app.child, 'SIGKILL');
    }
    // The attempt the kill cut off reported nothing: its stream never reached the usage chunk.
    expect(provider.requests).toHaveLength(1);

    app = await startChildApp(dataDir, env);
    try {
      const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
      const api = childAppApi(app.url);
      const finished = await poll(
        () => api<JobView>(token, 'GET', `/api/jobs/${jobId}`),
        (job) => job.status === 'succeeded' || job.status === 'failed',
        'the job to finish after the restart',
      );
      expect(finished.status).toBe('succeeded');
      expect(provider.requests).toHaveLength(2);

      const row = await poll(
        async () =>
          (await api<{ rows: UsageJob[] }>(token, 'GET', '/api/usage/jobs?limit=1000')).rows.find(
            (candidate) => candidate.jobId === jobId,
          ),
        (found) => found !== undefined,
        'the usage row',
      );
      // The first request's prompt, estimated as the job estimates count characters.
      const first = provider.requests[0]?.body as { messages: { content: string }[] } | undefined;
      const messages = first?.messages ?? [];
      const sentEstimate = messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
      expect(sentEstimate).toBeGreaterThan(0);
      expect(row?.estimated).toBe(true);
      expect(row?.inputTokens).toBe(USAGE.promptTokens + sentEstimate);
      const streamedEstimate = (row?.outputTokens ?? 0) - USAGE.completionTokens;
      expect(streamedEstimate).toBeGreaterThan(0);
      expect(streamedEstimate).toBeLessThan(estimateTokens(CHUNKS.join('')));
      // Priced like any usage: more than the second attempt alone.
      const secondAlone = costOf('gpt-4o', 'openai', {
        ...NO_USAGE,
        inputTokens: USAGE.promptTokens,
        outputTokens: USAGE.completionTokens,
      }).microUsd;
      expect(row?.costUsd).toBeGreaterThan(microToUsd(secondAlone));

      const report = await api<UsageReply>(token, 'GET', '/api/usage');
      expect(report.totals.estimatedJobs).toBe(1);
      expect(report.totals.inputTokens).toBe(row?.inputTokens);
    } finally {
      await stopChildApp(app.child, 'SIGKILL');
    }
  }, 240_000);
});

/**
 * The same for media jobs, whose calls stream nothing: each image or speech call saves its estimate
 * (its images at their size and quality, its characters of speech, by the price table) before it is
 * made. An image job's first configuration is drawn, its second is held by the fake server, and a
 * speech job's call is held too; the app is killed while both calls are in flight. After the restart
 * the two jobs run again, and each usage row is the first attempt's measured part plus the estimate of
 * the call the kill cut off, plus the second attempt as measured, marked as an estimate.
 */
describe('a media call cut off by a crash', () => {
  const SCRIPT = 'Welcome to the show. Today we talk about gutters, and why they fail in the spring.';
  let media: FakeOpenAiServer;
  let holding = true;
  const held: (() => void)[] = [];

  beforeAll(async () => {
    media = await startFakeOpenAiServer({
      beforeMediaReply: async (request) => {
        // The first attempt's second image and its speech never get an answer before the kill.
        const isFirstImage = request.url.startsWith('/v1/images') && imageRequests() === 1;
        if (!holding || isFirstImage) return;
        await new Promise<void>((resolve) => held.push(resolve));
      },
    });
  });

  afterAll(async () => {
    holding = false;
    for (const release of held) release();
    await media?.close();
  });

  const imageRequests = () => media.requests.filter((request) => request.url.startsWith('/v1/images')).length;
  const speechRequests = () =>
    media.requests.filter((request) => request.url.startsWith('/v1/audio/speech')).length;

  it('counts each attempt’s call as its pre-call estimate, marked as one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lbm-usage-media-crash-'));
    dirs.push(dataDir);
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: media.baseUrl };
    let app = await startChildApp(dataDir, env);
    let imageJobId: string;
    let speechJobId: string;
    try {
      const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
      const api = childAppApi(app.url);
      imageJobId = (
        await api<{ jobId: string }>(token, 'POST', '/api/generate-image', {
          configs: [
            { id: 'one', prompt: 'A lighthouse' },
            { id: 'two', prompt: 'A harbor at night' },
          ],
          model: 'gpt-image-1',
          size: '1024x1024',
          quality: 'auto',
          numberOfImages: 1,
          outputFormat: 'png',
        })
      ).jobId;
      speechJobId = (
        await api<{ jobId: string }>(token, 'POST', '/api/text-to-speech', { text: SCRIPT, voice: 'sage' })
      ).jobId;
      // Killed with both calls at the provider: the second image, and the speech.
      await poll(
        async () => ({ images: imageRequests(), speech: speechRequests() }),
        (seen) => seen.images === 2 && seen.speech === 1,
        'both media calls to reach the provider',
      );
    } finally {
      await stopChildApp(app.child, 'SIGKILL');
    }
    holding = false;
    for (const release of held.splice(0)) release();

    app = await startChildApp(dataDir, env);
    try {
      const token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
      const api = childAppApi(app.url);
      for (const jobId of [imageJobId, speechJobId]) {
        const finished = await poll(
          () => api<JobView>(token, 'GET', `/api/jobs/${jobId}`),
          (job) => job.status === 'succeeded' || job.status === 'failed',
          'the media job to finish after the restart',
        );
        expect(finished.status).toBe('succeeded');
      }
      expect({ images: imageRequests(), speech: speechRequests() }).toEqual({ images: 4, speech: 2 });

      const rows = await poll(
        async () => (await api<{ rows: UsageJob[] }>(token, 'GET', '/api/usage/jobs?limit=1000')).rows,
        (found) => [imageJobId, speechJobId].every((jobId) => found.some((row) => row.jobId === jobId)),
        'the usage rows',
      );
      const image = rows.find((row) => row.jobId === imageJobId);
      const speech = rows.find((row) => row.jobId === speechJobId);

      // The fake server makes `auto` at medium ($0.042); the call cut off is estimated at the size's
      // dearest quality ($0.167), as the job's own estimate prices `auto`.
      const bySize = IMAGE_PRICES['gpt-image-1'].bySize?.['1024x1024'] ?? {};
      expect(image).toMatchObject({
        estimated: true,
        images: 4,
        imageDetail: '3 × 1024x1024 medium; 1 × 1024x1024 auto',
      });
      expect(usdToMicro(image?.costUsd ?? 0)).toBe(usdToMicro(3 * (bySize.medium ?? 0) + (bySize.high ?? 0)));

      // The first attempt's speech at its characters (15 a second); the second as its audio measured.
      const measuredSeconds = summarizeMp3(TINY_MP3).durationSeconds;
      const estimate = estimatedSpeechUsage(SCRIPT.length);
      expect(speech).toMatchObject({ estimated: true, speechCharacters: 2 * SCRIPT.length });
      expect(usdToMicro(speech?.costUsd ?? 0)).toBe(
        costOf(SPEECH_MODEL.id, 'openai', estimate).microUsd +
          costOf(SPEECH_MODEL.id, 'openai', { ...estimate, speechSeconds: measuredSeconds }).microUsd,
      );
      expect(speech?.costUsd).toBeGreaterThan(0);

      // The export says so as it does for a text job.
      const csv = await fetch(`${app.url}/api/usage/jobs?limit=1000`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
      const table = Papa.parse<Record<string, string>>(await csv.text(), { header: true }).data;
      const flagOf = (jobId: string) => table.find((line) => line.jobId === jobId)?.estimated;
      expect([flagOf(imageJobId), flagOf(speechJobId)]).toEqual(['true', 'true']);

      const report = await api<UsageReply>(token, 'GET', '/api/usage');
      expect(report.totals.estimatedJobs).toBe(2);
    } finally {
      await stopChildApp(app.child, 'SIGKILL');
    }
  }, 240_000);
});
