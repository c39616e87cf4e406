/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": a 200-row batch on the offline provider, against
 * the time the same rows would take if the worker ran them perfectly in parallel: 200 × one job's time ÷ the
 * rows that run at once (the worker's concurrency, or the batch's share of the user's job slots if that is
 * lower). The ratio says what the feeder, the queue and the settling cost on top (goal: at most 1.3×). A
 * single job's time is the median of a few newsletters sent one by one after a warm-up, from the POST to the
 * finished job. As a second reference, the same number of jobs sent at once straight to the tool (no batch):
 * what the worker and this machine's cores really run in parallel, so the batch's own overhead shows apart.
 */
import { loadavg } from 'node:os';
import { WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
import { BATCH_POLL_MS } from '#shared/batch-columns';
import type { BatchView } from '#shared/batch-schemas';
import { BATCH_JOB_SLOTS } from '#shared/generation-jobs';
import { USAGE_JOBS_PAGE_MAX, type UsageJob } from '#shared/usage';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

const ROWS = 200;
const SINGLE_RUNS = 5;
const TOOL = 'newsletter';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function singleJob(app: TestRuntime, user: TestUser, topic: string): Promise<number> {
  const started = performance.now();
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: user.idToken,
    body: { topic },
  });
  if (queued.status !== 202) throw new Error(`POST answered ${queued.status}`);
  const job = await waitForJob(app, user.idToken, queued.body.jobId, undefined, 120_000);
  if (job.status !== 'succeeded') throw new Error(`The job ${job.status}: ${job.error}`);
  return performance.now() - started;
}

/** `count` newsletters posted together, from the first POST to the last finished job. */
async function burst(app: TestRuntime, user: TestUser, count: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Burst ${index + 1}` },
      });
      if (queued.status !== 202) throw new Error(`POST answered ${queued.status}`);
      await waitForJob(app, user.idToken, queued.body.jobId, undefined, 120_000);
    }),
  );
  return performance.now() - started;
}

/**
 * The batch from its POST to its last row's job finishing. It is read as the bulk page reads it (every
 * BATCH_POLL_MS): reading 200 rows and their jobs ten times a second would load the two cores the rows
 * run on. So the end is the last `finishedAt` among the batch's jobs (their usage items), not the poll
 * that saw it.
 */
async function runBatch(app: TestRuntime, user: TestUser): Promise<{ ms: number; batch: BatchView }> {
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    tool: TOOL,
    topic: `Seasonal home maintenance, part ${index + 1}`,
  }));
  const startedAt = Date.now();
  const created = await app.request<{ batchId: string }>('POST', '/api/batches', {
    token: user.idToken,
    body: { rows, saveToClient: false },
  });
  if (created.status !== 201) throw new Error(`POST /api/batches answered ${created.status}`);
  const { batchId } = created.body;
  let batch: BatchView;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, BATCH_POLL_MS));
    const read = await app.request<BatchView>('GET', `/api/batches/${batchId}`, { token: user.idToken });
    if (read.body.status !== 'running') {
      batch = read.body;
      break;
    }
  }
  const today = new Date().toISOString().slice(0, 10);
  const jobs = await app.request<{ rows: UsageJob[] }>(
    'GET',
    `/api/usage/jobs?from=${today}&to=${today}&limit=${USAGE_JOBS_PAGE_MAX}`,
    { token: user.idToken },
  );
  const finished = jobs.body.rows
    .filter((job) => job.batchId === batchId)
    .map((job) => Date.parse(job.finishedAt));
  if (finished.length !== ROWS) throw new Error(`${finished.length} of the ${ROWS} rows' jobs are recorded`);
  return { ms: Math.max(...finished) - startedAt, batch };
}

export async function run(): Promise<void> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  try {
    const user = await app.createUser();
    // Warm-up: the API's and the worker's threads start, the offline composer loads.
    await singleJob(app, user, 'Warm-up');
    const singles: number[] = [];
    for (let index = 0; index < SINGLE_RUNS; index += 1) {
      singles.push(await singleJob(app, user, `Gutter care ${index + 1}`));
    }
    const single = median(singles);
    const concurrency = Math.min(WORKER_MAX_CONCURRENCY, BATCH_JOB_SLOTS);
    const together = await burst(app, user, concurrency);
    console.log(`load before: ${load()}`);
    const { ms, batch } = await runBatch(app, user);
    const ideal = (ROWS * single) / concurrency;
    console.log(
      `one ${TOOL} job (median of ${SINGLE_RUNS}, POST to finished): ${(single / 1000).toFixed(2)} s (${singles.map((value) => (value / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `rows at once: ${concurrency} (worker concurrency ${WORKER_MAX_CONCURRENCY}, batch job slots ${BATCH_JOB_SLOTS})`,
    );
    console.log(
      `${ROWS}-row batch: ${(ms / 1000).toFixed(1)} s (${batch.counts.succeeded} succeeded, ${batch.counts.failed} failed)`,
    );
    console.log(`200 × one job ÷ ${concurrency}: ${(ideal / 1000).toFixed(1)} s`);
    console.log(`ratio: ${(ms / ideal).toFixed(2)}× (goal ≤ 1.3×)`);
    const measured = (ROWS / concurrency) * together;
    console.log(
      `${concurrency} jobs sent at once, no batch: ${(together / 1000).toFixed(2)} s (parallel speed-up ${((concurrency * single) / together).toFixed(1)}× of ${concurrency}); ${ROWS} ÷ ${concurrency} such bursts: ${(measured / 1000).toFixed(1)} s, batch against it: ${(ms / measured).toFixed(2)}×`,
    );
    console.log(`load after: ${load()}`);
  } finally {
    await app.stop();
  }
}
