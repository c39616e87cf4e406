/**
 * Time to the first visible text against the total generation time (issue: generation engine). A
 * simulated streaming provider (a local server speaking OpenAI's wire format, one chunk every
 * CHUNK_DELAY_MS) writes a newsletter; we measure, from the browser's side of the WebSocket, when the
 * first partial text arrives and when the finished job does. Streaming is worth it when the ratio is small.
 *
 * Issue 15: the first generation after a start must be no slower than later ones. Each measurement
 * runs in a fresh process (this bench's own process has already imported handlers in earlier benches),
 * once as `npm start` runs (handlers warmed after ready, local/warm-up.ts) and once without the
 * warm-up as the reference; the first generation is printed beside the median of the later ones.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { repositoryRoot } from '#local/handler-loader';
import { warmUpHandlers } from '#local/warm-up';
import { collectEvents } from '#test/support/job-events';
import { startTestRuntime } from '#test/support/test-runtime';

const CHUNKS = 60;
const CHUNK_DELAY_MS = 40;
const RUNS = 5;
const CHILD_FLAG = '--fresh-start';

interface FreshStartResult {
  /** Seconds the warm-up took before the first generation, or null when it was not run. */
  warmUpSeconds: number | null;
  /** Milliseconds until POST /api/generate-newsletter answered (the job is queued), per run. */
  queued: number[];
  firstText: number[];
  total: number[];
}

function newsletterChunks(): string[] {
  const chunks = ['<h1>Spring Checklist</h1>'];
  for (let index = 1; index < CHUNKS; index += 1)
    chunks.push(`<p>Tip ${index}: keep gutters clear and check the roof.</p>`);
  return chunks;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Starts a runtime in this process, optionally warms it as `npm start` does, and times RUNS jobs. */
async function measureFreshStart(warm: boolean): Promise<FreshStartResult> {
  const provider = await startFakeOpenAiServer({ chunks: newsletterChunks(), chunkDelayMs: CHUNK_DELAY_MS });
  const app = await startTestRuntime({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: provider.baseUrl, LOG_REQUESTS: 'false' },
  });
  try {
    const warmUpSeconds = warm ? (await warmUpHandlers()).seconds : null;
    const user = await app.createUser();
    const events = await collectEvents(app, user.idToken);
    const queuedAt: number[] = [];
    const firstText: number[] = [];
    const total: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Spring checklist ${run}`, model: 'gpt-4o' },
      });
      queuedAt.push(performance.now() - started);
      const jobId = queued.body.jobId;
      await events.waitFor(
        (event) => event.jobId === jobId && event.type === 'job.progress' && Boolean(event.delta),
      );
      firstText.push(performance.now() - started);
      await events.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
      total.push(performance.now() - started);
    }
    events.close();
    return { warmUpSeconds, queued: queuedAt, firstText, total };
  } finally {
    await app.stop();
    await provider.close();
  }
}

/** Runs measureFreshStart in a new Node process, so nothing is imported yet when its runtime starts. */
function inFreshProcess(warm: boolean): Promise<FreshStartResult> {
  const tsx = join(repositoryRoot, 'node_modules', '.bin', 'tsx');
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [self, CHILD_FLAG, warm ? 'warm' : 'cold'], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`the fresh-start measurement exited with ${code}: ${last}`));
      else resolve(JSON.parse(last) as FreshStartResult);
    });
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);

export async function run(): Promise<void> {
  console.log(
    `simulated provider: ${CHUNKS} chunks, ${CHUNK_DELAY_MS} ms apart; ${RUNS} runs per fresh start`,
  );
  for (const warm of [true, false]) {
    const result = await inFreshProcess(warm);
    const [firstRunText = 0, ...laterText] = result.firstText;
    const [firstRunTotal = 0, ...laterTotal] = result.total;
    const [firstRunQueued = 0, ...laterQueued] = result.queued;
    const label = warm
      ? `as npm start (warmed in ${result.warmUpSeconds?.toFixed(1)} s after ready)`
      : 'without warm-up (reference)';
    console.log(
      `${label}; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `  first text: 1st generation ${ms(firstRunText)}, later (median) ${ms(median(laterText))}, ratio ${(firstRunText / median(laterText)).toFixed(2)}`,
    );
    console.log(
      `  queued:     1st generation ${ms(firstRunQueued)}, later (median) ${ms(median(laterQueued))}`,
    );
    console.log(
      `  total:      1st generation ${ms(firstRunTotal)}, later (median) ${ms(median(laterTotal))}`,
    );
    if (warm) {
      const first = median(laterText);
      const whole = median(laterTotal);
      console.log(
        `  time to first visible text ${first.toFixed(0)} ms of ${whole.toFixed(0)} ms in all (ratio ${(first / whole).toFixed(3)})`,
      );
    }
  }
}

if (process.argv[2] === CHILD_FLAG) {
  const { quietSdkWarnings } = await import('#local/quiet-sdk-warnings');
  quietSdkWarnings();
  const result = await measureFreshStart(process.argv[3] === 'warm');
  console.log(JSON.stringify(result));
  process.exit(0);
}
