import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The local poller runs jobs as the stack's event source mapping does: up to WORKER_MAX_CONCURRENCY at
 * once, never more. The provider holds every reply until the test releases them, so the number of
 * requests it holds is the number of jobs running; start (request at the provider) and end (the job's
 * last update) timestamps show which jobs overlapped.
 */

const JOBS = WORKER_MAX_CONCURRENCY + 2;
/**
 * Short, so a message whose job still runs would come back during the test if nothing kept it hidden;
 * not shorter, because the poller renews it every third of it and a starved event loop (two test files
 * at once on a busy 2-core machine, seen at 2 s) could miss two renewals and run a job twice.
 */
const VISIBILITY_SECONDS = 4;

let app: TestRuntime;
let user: TestUser;
let provider: FakeOpenAiServer;
const started = new Map<string, number>();

/** Replies wait at the gate until the test opens it. */
function closedGate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
let gate = closedGate();

beforeAll(async () => {
  provider = await startFakeOpenAiServer({
    chunks: ['<h1>Held reply</h1>', '<p>Released together.</p>'],
    beforeReply: async (request) => {
      const prompt = JSON.stringify(request.body);
      const topic = /Concurrent job \d+/.exec(prompt)?.[0] ?? `unknown ${request.index}`;
      started.set(topic, Date.now());
      await gate.opened;
    },
  });
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: provider.baseUrl,
      QUEUE_VISIBILITY_TIMEOUT_SECONDS: String(VISIBILITY_SECONDS),
    },
  });
  user = await app.createUser();
});

afterAll(async () => {
  gate.open();
  await app?.stop();
  await provider?.close();
});

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('local job concurrency', () => {
  it(`runs ${WORKER_MAX_CONCURRENCY} jobs at once, like the stack's event source, and no more`, async () => {
    const jobIds: string[] = [];
    for (let index = 0; index < JOBS; index += 1) {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Concurrent job ${index}`, model: 'gpt-4o' },
      });
      expect(queued.status).toBe(202);
      jobIds.push(queued.body.jobId);
    }

    // One job at a time would leave a single request held here for as long as we wait.
    await waitUntil(() => provider.requests.length >= WORKER_MAX_CONCURRENCY, 20_000);
    expect(provider.requests.length).toBe(WORKER_MAX_CONCURRENCY);
    // Nothing beyond the cap starts while every slot is busy.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(provider.requests.length).toBe(WORKER_MAX_CONCURRENCY);

    gate.open();
    const jobs = await Promise.all(jobIds.map((jobId) => waitForJob(app, user.idToken, jobId)));
    expect(jobs.map((job) => job.status)).toEqual(jobIds.map(() => 'succeeded'));
    expect(provider.requests).toHaveLength(JOBS);

    const ended = await Promise.all(
      jobIds.map(async (jobId) => {
        const job = await app.request<{ updatedAt: string }>('GET', `/api/jobs/${jobId}`, {
          token: user.idToken,
        });
        return Date.parse(job.body.updatedAt);
      }),
    );
    const starts = [...started.values()].sort((a, b) => a - b);
    const firstEnd = Math.min(...ended);
    // The first WORKER_MAX_CONCURRENCY jobs all started before any job ended: they overlapped.
    expect(starts.slice(0, WORKER_MAX_CONCURRENCY).every((start) => start <= firstEnd)).toBe(true);
    // The rest waited for a free slot.
    expect(starts.slice(WORKER_MAX_CONCURRENCY).every((start) => start >= firstEnd)).toBe(true);
  });

  it('never runs a job twice at once when it outlives the visibility timeout', async () => {
    gate = closedGate();
    const before = provider.requests.length;
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: user.idToken,
      body: { topic: 'Concurrent job slow', model: 'gpt-4o' },
    });
    await waitUntil(() => provider.requests.length > before, 20_000);
    // Several visibility timeouts pass while the job is still running, with slots free to take it again.
    await new Promise((resolve) => setTimeout(resolve, 2.5 * VISIBILITY_SECONDS * 1000));
    expect(provider.requests.length - before).toBe(1);
    gate.open();
    const job = await waitForJob(app, user.idToken, queued.body.jobId);
    expect(job.status).toBe('succeeded');
    expect(provider.requests.length - before).toBe(1);
  });
});
