import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '#contract/websocket-limits';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The progress push protocol through the local runtime (docs/decisions.md, "Job progress pushes"): a reply
 * longer than one WebSocket message (the local gateway refuses posts over 128 KB as API Gateway does) arrives
 * as numbered pieces of new text that add up to the whole reply, the job's stored text lets a browser that
 * missed pieces resync mid-job, and the finished job, too large to push, is pointed to and fetched whole.
 */

/** About 170 KB of HTML in 400 chunks: more than one WebSocket message can carry. */
const CHUNKS = Array.from(
  { length: 400 },
  (_, index) =>
    `<p>Tip ${index}: ${'Keep the gutters clear, check the flashing and book a roof inspection. '.repeat(6)}</p>`,
);
const REPLY = CHUNKS.join('');
const SHORT = ['<h1>Short</h1>', '<p>Brush twice a day.</p>'];

let app: TestRuntime;
let user: TestUser;
let provider: FakeOpenAiServer;

beforeAll(async () => {
  // Slow enough that the job runs for a few seconds, so its stored text can be read while it runs.
  provider = await startFakeOpenAiServer({
    chunkDelayMs: 8,
    // One reply per test, in order.
    replies: [
      { kind: 'stream', chunks: CHUNKS },
      { kind: 'stream', chunks: SHORT },
    ],
  });
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.baseUrl } });
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

interface JobWithPartial {
  status: string;
  result: { generatedHtml: string } | null;
  partial: { attempt: number; seq: number; text: string } | null;
}

describe('job progress pushes', () => {
  it('streams a reply larger than one message as numbered deltas and points to the finished job', async () => {
    expect(new TextEncoder().encode(REPLY).byteLength).toBeGreaterThan(WEBSOCKET_MAX_MESSAGE_BYTES);
    const socket = await collectEvents(app, user.idToken);
    try {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: 'Roof care for spring', model: 'gpt-4o' },
      });
      expect(queued.status).toBe(202);
      const { jobId } = queued.body;

      // What a browser that missed pushes resyncs from: the text of the first `seq` pushes, as stored.
      const snapshots: Array<NonNullable<JobWithPartial['partial']>> = [];
      for (;;) {
        const polled = await app.request<JobWithPartial>('GET', `/api/jobs/${jobId}?include=partial`, {
          token: user.idToken,
        });
        expect(polled.status).toBe(200);
        if (polled.body.status !== 'running' && polled.body.status !== 'queued') break;
        if (polled.body.partial) snapshots.push(polled.body.partial);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const done = await socket.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
      const pushes = socket.events.filter((event) => event.jobId === jobId && event.type === 'job.progress');
      // Numbered from 1 without a gap, one attempt, and together exactly the provider's reply.
      expect(pushes.map((event) => event.seq)).toEqual(pushes.map((_event, index) => index + 1));
      expect(new Set(pushes.map((event) => event.attempt))).toEqual(new Set([1]));
      expect(pushes.map((event) => event.delta).join('')).toBe(REPLY);
      expect(pushes.every((event) => event.text === undefined)).toBe(true);

      expect(snapshots.length).toBeGreaterThan(0);
      for (const snapshot of snapshots) {
        const upTo = pushes
          .slice(0, snapshot.seq)
          .map((event) => event.delta)
          .join('');
        expect(snapshot.text).toBe(upTo);
      }

      // Too large to push: the event points to the job, and the job has it all.
      expect(done.job).toBeUndefined();
      expect(done.resultUrl).toBe(`/api/jobs/${jobId}`);
      const job = await waitForJob(app, user.idToken, jobId);
      expect(job.status).toBe('succeeded');
      const html = (job.result as { generatedHtml: string }).generatedHtml;
      expect(html).toContain('Tip 0:');
      expect(html).toContain('Tip 399:');
      expect(new TextEncoder().encode(html).byteLength).toBeGreaterThan(WEBSOCKET_MAX_MESSAGE_BYTES);
      // The stored text is gone once the result is there.
      const finished = await app.request<JobWithPartial>('GET', `/api/jobs/${jobId}?include=partial`, {
        token: user.idToken,
      });
      expect(finished.body.partial).toBeNull();
    } finally {
      socket.close();
    }
  });

  it('pushes a small finished job whole, and refuses an unknown include', async () => {
    const socket = await collectEvents(app, user.idToken);
    try {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: 'Short note', model: 'gpt-4o' },
      });
      const { jobId } = queued.body;
      const done = await socket.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
      expect(done.job?.status).toBe('succeeded');
      expect(done.resultUrl).toBeUndefined();
      const refused = await app.request<{ error: { message: string } }>(
        'GET',
        `/api/jobs/${jobId}?include=everything`,
        { token: user.idToken },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/include/);
    } finally {
      socket.close();
    }
  });
});
