import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { costOf, microToUsd, NO_USAGE } from '#shared/prices';
import { estimateTokens } from '#shared/token-estimate';
import type { UsageJob, UsageReply } from '#shared/usage';
import {
  bootstrappedAdmin,
  childAppApi,
  signInThroughApp,
  startChildApp,
  stopChildApp,
} from '#test/support/child-app';
import { clearOfMonthEnd } from '#test/support/month-end';

/**
 * Issue 41 item 4: a provider call cut off by a crash still counts. The app runs as `npm start` in a
 * child process, a newsletter streams slowly from the fake OpenAI server, and the process is killed
 * (kill -9) mid-stream, before the provider reported any usage. The next start puts the job back on the
 * queue and its second attempt finishes it. The job's usage is then the second attempt's, as reported,
 * plus the first one's estimate from the prompt it sent and the text it had streamed (the estimator of
 * the job estimates), marked as an estimate: not the 0 a lost attempt used to count.
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
