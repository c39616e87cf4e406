/**
 * docs/decisions.md, "Media work off the main thread": does media work block the local runtime? `GET
 * /api/health` is timed one request after another for a while with nothing else running (the idle reference),
 * then while a podcast of about five minutes of audio is spoken offline (espeak-ng, two voices) through the
 * real route, queue and media worker. Prints the p50/p99/max of both, their ratio (goal: p99 during the
 * podcast within 3× of idle), and how far apart the job's progress pushes came over the WebSocket (goal: at
 * most 2 s).
 */
import { loadavg } from 'node:os';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';
import { median, seconds } from './page-timing';

const IDLE_SECONDS = 15;
/** Pause between health requests: a monitor polling far faster than any real one, to catch stalls. */
const GAP_MS = 50;
/** Spoken at espeak-ng's default rate (about 175 words a minute), about five minutes of audio. */
const SCRIPT_WORDS = 1_000;

const SENTENCES = [
  'Spring is the best time to look for winter damage on a roof before the summer storms arrive.',
  'Start with the gutters, then the flashing around the chimney, then any shingles that lifted or cracked.',
  'Ice dams leave water stains along the eaves, and you can see them from the attic with a flashlight.',
  'Moss grows where shade keeps the shingles damp, and it lifts their edges a little more every season.',
  'A professional inspection takes about an hour and costs far less than a repair after a storm.',
];

function conversation(words: number): string {
  const turns: string[] = [];
  let count = 0;
  for (let turn = 0; count < words; turn += 1) {
    const text = [0, 1].map((offset) => SENTENCES[(turn + offset) % SENTENCES.length]).join(' ');
    turns.push(`${turn % 2 === 0 ? 'Host' : 'Guest'}: ${text}`);
    count += text.split(/\s+/u).length;
  }
  return turns.join('\n');
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Times health requests one after another until `until()` says stop. */
async function sampleHealth(app: TestRuntime, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${app.url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  return times;
}

const summary = (times: readonly number[]) =>
  `p50 ${seconds(median(times))}, p99 ${seconds(percentile(times, 0.99))}, max ${seconds(Math.max(...times))} (${times.length} requests)`;

export async function run(): Promise<void> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  try {
    const user = await app.createUser();
    const events = await collectEvents(app, user.idToken);
    // Loads the media worker's modules (espeak-ng's WASM, the MP3 encoder) once, as a warm app has them.
    const warm = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: user.idToken,
      body: { text: 'Host: Hello.\nGuest: Hi there.', format: 'conversation' },
    });
    await waitForJob(app, user.idToken, warm.body.jobId, undefined, 120_000);

    const idleUntil = performance.now() + IDLE_SECONDS * 1000;
    const idle = await sampleHealth(app, () => performance.now() > idleUntil);

    const text = conversation(SCRIPT_WORDS);
    const started = performance.now();
    const queued = await app.request<{ jobId: string }>('POST', '/api/text-to-speech', {
      token: user.idToken,
      body: { text, format: 'conversation', voice: 'alloy', guestVoice: 'coral' },
    });
    if (queued.status !== 202) throw new Error(`POST /api/text-to-speech answered ${queued.status}`);
    const { jobId } = queued.body;
    const progressTimes: number[] = [];
    let finished = false;
    const done = events
      .waitFor((event) => event.jobId === jobId && /succeeded|failed/u.test(event.type), 1_800_000)
      .finally(() => {
        finished = true;
      });
    const seen = events.events.length;
    const busy = await sampleHealth(app, () => finished);
    const final = await done;
    const took = performance.now() - started;
    for (const event of events.events.slice(seen)) {
      if (event.jobId === jobId && event.type === 'job.progress') progressTimes.push(event.receivedAt ?? 0);
    }
    events.close();
    const job = await waitForJob(app, user.idToken, jobId);
    const audio = (job.result ?? {}) as { durationSeconds?: number };
    const marks = [started, ...progressTimes, started + took];
    const gaps = marks.slice(1).map((time, index) => time - (marks[index] ?? time));

    console.log(`load average ${loadavg()[0]?.toFixed(1)}; health polled every ${GAP_MS} ms`);
    console.log(`idle: ${summary(idle)}`);
    console.log(
      `podcast: ${text.split(/\s+/u).length} words, ${((audio.durationSeconds ?? 0) / 60).toFixed(1)} min of audio, ${final.type} in ${seconds(took)}`,
    );
    console.log(`during the podcast: ${summary(busy)}`);
    // A failed podcast did not do the work the figures are about: say why, and give no ratio.
    if (job.status !== 'succeeded') {
      console.log(`NO RATIO: the podcast job ${job.status}: ${job.error ?? 'no error recorded'}`);
      return;
    }
    console.log(
      `p99 during / idle: ${(percentile(busy, 0.99) / percentile(idle, 0.99)).toFixed(1)}× (goal: at most 3×)`,
    );
    console.log(
      `progress pushes: ${progressTimes.length}, wait between them p50 ${seconds(median(gaps))}, p90 ${seconds(percentile(gaps, 0.9))}, longest ${seconds(Math.max(...gaps))} (goal: at most 2 s)`,
    );
  } finally {
    await app.stop();
  }
}
