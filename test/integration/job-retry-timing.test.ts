import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueVisibilitySeconds, WORKER_TIMEOUT_SECONDS } from '#contract/queue-timing';
import {
  type FakeOpenAiReply,
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The retry timing (docs/decisions.md, "Deployment") through the real path: the local
 * queue has the stack's visibility timeout (30 min), so a retried job comes back in seconds only because the
 * worker gives its message the retry backoff. Two failed deliveries (each the adapter's three attempts) and
 * then a good reply finish well inside a minute, and each redelivery waited at least the backoff.
 */

const serverError: FakeOpenAiReply = {
  kind: 'error',
  status: 503,
  body: openAiErrorBody('The engine is currently overloaded.', 'server_error'),
  // The adapter's own retries are instant; the job-level backoff is what this test watches.
  headers: { 'retry-after': '0' },
};

let app: TestRuntime;
let user: TestUser;
let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer({
    chunks: ['<h1>Third time lucky</h1>', '<p>Back after two failures.</p>'],
    replies: Array.from({ length: 6 }, () => serverError),
  });
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.baseUrl } });
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

describe('job retry timing', () => {
  it("runs the queue with the stack's visibility timeout", () => {
    expect(app.runtime.settings.queueVisibilityTimeoutSeconds).toBe(
      queueVisibilitySeconds(WORKER_TIMEOUT_SECONDS),
    );
    expect(app.runtime.settings.queueVisibilityTimeoutSeconds).toBe(1800);
  });

  it('finishes a job after two transient failures within a minute, waiting the backoff between deliveries', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: user.idToken,
      body: { topic: 'Retry timing', model: 'gpt-4o' },
    });
    expect(queued.status).toBe(202);
    const job = await waitForJob(app, user.idToken, queued.body.jobId, ['succeeded', 'failed'], 60_000);
    expect(job.status).toBe('succeeded');
    expect((job.result as { generatedHtml: string }).generatedHtml).toContain('Third time lucky');

    const arrivals = provider.requests.map((request) => request.arrivedAt);
    expect(arrivals).toHaveLength(7);
    // Deliveries start at requests 1, 4 and 7: 10 s then 20 s of backoff (plus up to a fifth).
    expect((arrivals[3] ?? 0) - (arrivals[2] ?? 0)).toBeGreaterThanOrEqual(9_500);
    expect((arrivals[6] ?? 0) - (arrivals[5] ?? 0)).toBeGreaterThanOrEqual(19_500);
  });
});
