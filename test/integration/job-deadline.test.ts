import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The job deadline (docs/decisions.md, "Deadline") through the real path: the local
 * worker gets a real deadline (here an 8 s Lambda timeout instead of 300 s, so the test is short). A provider
 * that streams slower than that is cut off at the deadline minus the margin, the job goes back to the queue
 * with a message saying why (instead of being killed while 'running'), and the next delivery, with a prompt
 * provider, finishes it.
 */

const WORKER_TIMEOUT_SECONDS = 8;
const SLOW_CHUNK_MS = 500;

let app: TestRuntime;
let user: TestUser;
let provider: FakeOpenAiServer;
let chunkDelayMs = SLOW_CHUNK_MS;

beforeAll(async () => {
  provider = await startFakeOpenAiServer({
    chunks: Array.from({ length: 60 }, (_, index) => `<p>Paragraph ${index}.</p>`),
    // The first delivery's stream would take 30 s; later ones are instant.
    get chunkDelayMs() {
      return chunkDelayMs;
    },
    beforeReply: async (request) => {
      chunkDelayMs = request.index === 0 ? SLOW_CHUNK_MS : 0;
    },
  });
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: provider.baseUrl,
      WORKER_TIMEOUT_SECONDS: String(WORKER_TIMEOUT_SECONDS),
    },
  });
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

describe('job deadline', () => {
  it("stops a stream that outlives the worker's deadline and retries the job with a clear message", async () => {
    const events = await collectEvents(app, user.idToken);
    try {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: 'Slow provider', model: 'gpt-4o' },
      });
      expect(queued.status).toBe(202);
      const jobId = queued.body.jobId;
      const retrying = await events.waitFor(
        (event) => event.type === 'job.retrying' && event.jobId === jobId,
        20_000,
      );
      expect(retrying.error).toMatch(new RegExp(`time limit of ${WORKER_TIMEOUT_SECONDS} s`));
      const job = await waitForJob(app, user.idToken, jobId, ['succeeded', 'failed'], 40_000);
      expect(job.status).toBe('succeeded');
      expect((job.result as { generatedHtml: string }).generatedHtml).toContain('Paragraph 59');
      expect(provider.requests).toHaveLength(2);
    } finally {
      events.close();
    }
  });
});
