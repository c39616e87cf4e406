/**
 * A burst of jobs (issue 9, case 10): seven newsletters sent together to a simulated provider that
 * takes about two seconds per reply. With the worker's concurrency they finish together; one job at a
 * time would finish them two seconds apart. Prints when each job finished, from the burst's start.
 */
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { WORKER_MAX_CONCURRENCY } from '#infra/worker-concurrency';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime } from '#test/support/test-runtime';

const JOBS = 7;
const CHUNKS = 20;
const CHUNK_DELAY_MS = 100;

export async function run(): Promise<void> {
  const chunks = [
    '<h1>Burst</h1>',
    ...Array.from({ length: CHUNKS - 1 }, (_, index) => `<p>Line ${index}.</p>`),
  ];
  const provider = await startFakeOpenAiServer({ chunks, chunkDelayMs: CHUNK_DELAY_MS });
  const app = await startTestRuntime({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: provider.baseUrl },
  });
  try {
    const user = await app.createUser();
    const started = performance.now();
    const jobIds = await Promise.all(
      Array.from({ length: JOBS }, async (_, index) => {
        const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
          token: user.idToken,
          body: { topic: `Burst ${index}`, model: 'gpt-4o' },
        });
        return queued.body.jobId;
      }),
    );
    const finished = await Promise.all(
      jobIds.map(async (jobId) => {
        await waitForJob(app, user.idToken, jobId, ['succeeded', 'failed'], 120_000);
        return (performance.now() - started) / 1000;
      }),
    );
    const sorted = finished.sort((a, b) => a - b);
    console.log(
      `${JOBS} jobs at once, ~${(CHUNKS * CHUNK_DELAY_MS) / 1000} s each, worker concurrency ${WORKER_MAX_CONCURRENCY}`,
    );
    console.log(`finished at (s): ${sorted.map((seconds) => seconds.toFixed(1)).join(', ')}`);
    console.log(`first to last:   ${((sorted.at(-1) ?? 0) - (sorted[0] ?? 0)).toFixed(1)} s`);
  } finally {
    await app.stop();
    await provider.close();
  }
}
