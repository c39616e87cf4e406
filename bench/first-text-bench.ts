/**
 * Time to the first visible text against the total generation time (issue: generation engine). A
 * simulated streaming provider (a local server speaking OpenAI's wire format, one chunk every
 * CHUNK_DELAY_MS) writes a newsletter; we measure, from the browser's side of the WebSocket, when the
 * first partial text arrives and when the finished job does. Streaming is worth it when the ratio is small.
 */
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { collectEvents } from '#test/support/job-events';
import { startTestRuntime } from '#test/support/test-runtime';

const CHUNKS = 60;
const CHUNK_DELAY_MS = 40;
const RUNS = 5;

function newsletterChunks(): string[] {
  const chunks = ['<h1>Spring Checklist</h1>'];
  for (let index = 1; index < CHUNKS; index += 1)
    chunks.push(`<p>Tip ${index}: keep gutters clear and check the roof.</p>`);
  return chunks;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function run(): Promise<void> {
  const provider = await startFakeOpenAiServer({ chunks: newsletterChunks(), chunkDelayMs: CHUNK_DELAY_MS });
  const app = await startTestRuntime({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: provider.baseUrl },
  });
  try {
    const user = await app.createUser();
    const events = await collectEvents(app, user.idToken);
    const firstText: number[] = [];
    const total: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Spring checklist ${run}`, model: 'gpt-4o' },
      });
      const jobId = queued.body.jobId;
      await events.waitFor(
        (event) => event.jobId === jobId && event.type === 'job.progress' && Boolean(event.text),
      );
      firstText.push(performance.now() - started);
      await events.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
      total.push(performance.now() - started);
    }
    events.close();
    const first = median(firstText);
    const whole = median(total);
    console.log(`simulated provider: ${CHUNKS} chunks, ${CHUNK_DELAY_MS} ms apart; ${RUNS} runs (median)`);
    console.log(`time to first visible text: ${first.toFixed(0)} ms`);
    console.log(`total generation time:      ${whole.toFixed(0)} ms`);
    console.log(`ratio first text / total:   ${(first / whole).toFixed(3)}`);
  } finally {
    await app.stop();
    await provider.close();
  }
}
