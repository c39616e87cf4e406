/**
 * Time to the first visible text against the provider's time to first token.
 * A simulated provider (a local server speaking OpenAI's streaming wire format) waits FIRST_TOKEN_MS
 * before its first token, as a hosted model does, then writes a newsletter token by token, opening with
 * markup as models do (a code fence, `<h1>`). The same run measures:
 * - the provider alone: the OpenAI SDK calling it directly, time to its first token and to its first
 *   visible token (the reference);
 * - the app: from POST /api/generate-newsletter to the first WebSocket push whose text shows words in the
 *   live preview (shared/streaming-preview.ts, the browser's own reading), not an opening tag alone.
 *
 * The first generation after a start must be no slower than later ones
 * (docs/decisions.md, "Warm-up after ready"). Each app
 * measurement runs in a fresh process (this bench's own process has already imported handlers in earlier
 * benches), three times as `npm start` runs (handlers warmed after ready, local/warm-up.ts) and once
 * without the warm-up as the reference; the first generation (median of the starts) is printed beside
 * the median of the later ones, in wall time and in CPU time.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { repositoryRoot } from '#local/repository-root';
import { warmUpHandlers } from '#local/warm-up';
import { hasVisibleText } from '#shared/streaming-preview';
import { collectEvents } from '#test/support/job-events';
import { startTestRuntime } from '#test/support/test-runtime';

/** A hosted model's time to first token is typically 0.3-1 s; this one sits in that range. */
const FIRST_TOKEN_MS = 500;
const TOKEN_DELAY_MS = 15;
const RUNS = 6;
/** Fresh starts measured as `npm start` runs; their first generations are compared by their median. */
const FRESH_STARTS = 3;
const CHILD_FLAG = '--fresh-start';

/** Milliseconds from the start of one generation (the POST, or the direct SDK call) to each step. */
interface RunTimes {
  /** POST answered 202: the job is queued. */
  queued: number;
  /** The provider received the worker's request. */
  providerAsked: number;
  /** The provider wrote its first token. */
  providerFirstToken: number;
  /** The first push reached the browser's WebSocket. */
  firstPush: number;
  /** The first push after which the preview shows words. */
  firstVisible: number;
  total: number;
  /**
   * CPU time this process spent from the POST to the first visible text (app, emulators and this
   * client share the process): the work a generation pays, which a busy machine distorts less than
   * wall time.
   */
  cpuToFirstVisible: number;
}

interface FreshStartResult {
  /** Seconds the warm-up took before the first generation, or null when it was not run. */
  warmUpSeconds: number | null;
  runs: RunTimes[];
}

/** The reply as a model streams it: roughly one token per chunk, markup first. */
export function newsletterTokens(): string[] {
  const html = [
    '```html\n<h1>Spring Checklist for Homeowners</h1>\n',
    ...Array.from(
      { length: 5 },
      (_, index) =>
        `<h2>Tip ${index + 1}</h2>\n<p>Keep gutters clear, check the roof and test the smoke alarms.</p>\n`,
    ),
    '```',
  ].join('');
  return html.match(/[^\S\n]*[A-Za-z]+|[^\S\n]*\d+|<\/?|>|\n|```|[^\sA-Za-z\d<>]+|\s+/gu) ?? [html];
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function fakeProvider(onAsked: () => void, onFirstToken: () => void) {
  return startFakeOpenAiServer({
    chunks: newsletterTokens(),
    chunkDelayMs: TOKEN_DELAY_MS,
    firstTokenDelayMs: FIRST_TOKEN_MS,
    beforeReply: async () => onAsked(),
    onFirstToken,
  });
}

/** Starts a runtime in this process, optionally warms it as `npm start` does, and times RUNS jobs. */
async function measureFreshStart(warm: boolean): Promise<FreshStartResult> {
  let started = 0;
  let asked = 0;
  let firstToken = 0;
  const provider = await fakeProvider(
    () => {
      asked = performance.now() - started;
    },
    () => {
      firstToken = performance.now() - started;
    },
  );
  const app = await startTestRuntime({
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: provider.baseUrl, LOG_REQUESTS: 'false' },
  });
  try {
    const warmUpSeconds = warm ? (await warmUpHandlers(app.runtime.functions)).seconds : null;
    const user = await app.createUser();
    const events = await collectEvents(app, user.idToken);
    const runs: RunTimes[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      started = performance.now();
      const cpuAtStart = process.cpuUsage();
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: `Spring checklist ${run}`, model: 'gpt-4o' },
      });
      const queuedAt = performance.now() - started;
      const jobId = queued.body.jobId;
      let text = '';
      let firstPush = 0;
      await events.waitFor((event) => {
        if (event.jobId !== jobId || event.type !== 'job.progress' || !event.delta) return false;
        if (text === '') firstPush = performance.now() - started;
        text += event.delta;
        return hasVisibleText(text);
      });
      const firstVisible = performance.now() - started;
      const cpu = process.cpuUsage(cpuAtStart);
      await events.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
      runs.push({
        queued: queuedAt,
        providerAsked: asked,
        providerFirstToken: firstToken,
        firstPush,
        firstVisible,
        total: performance.now() - started,
        cpuToFirstVisible: (cpu.user + cpu.system) / 1000,
      });
    }
    events.close();
    return { warmUpSeconds, runs };
  } finally {
    await app.stop();
    await provider.close();
  }
}

/** The reference: the provider called directly with its own SDK, to its first token and first words. */
async function measureProviderAlone(): Promise<{ firstToken: number; firstVisible: number }> {
  const provider = await fakeProvider(
    () => undefined,
    () => undefined,
  );
  try {
    const client = new OpenAI({ apiKey: 'sk-bench', baseURL: provider.baseUrl });
    const firstTokens: number[] = [];
    const firstVisibles: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const stream = await client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Write a spring checklist newsletter.' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) {
        const content = chunk.choices[0]?.delta.content ?? '';
        if (content === '') continue;
        if (text === '') firstTokens.push(performance.now() - started);
        text += content;
        if (hasVisibleText(text)) {
          firstVisibles.push(performance.now() - started);
          break;
        }
      }
    }
    // The first call pays the SDK's and the connection's start; the app's later runs are compared.
    return { firstToken: median(firstTokens.slice(1)), firstVisible: median(firstVisibles.slice(1)) };
  } finally {
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
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * The first generation of each fresh start (median over the starts) against the later ones of all of
 * them (median): one first generation is one sample, which a busy machine moves a lot.
 */
function firstAgainstLater(
  name: string,
  starts: readonly FreshStartResult[],
  pick: (run: RunTimes) => number,
): string {
  const first = median(starts.map((start) => pick(start.runs[0] as RunTimes)));
  const later = median(starts.flatMap((start) => start.runs.slice(1).map(pick)));
  return `  ${name.padEnd(20)} 1st generation ${ms(first)}, later (median) ${ms(later)}, ratio ${(first / later).toFixed(2)}`;
}

export async function run(): Promise<void> {
  const tokens = newsletterTokens();
  const firstWord = tokens.findIndex((_, index) => hasVisibleText(tokens.slice(0, index + 1).join('')));
  console.log(
    `simulated provider (OpenAI wire format): first token after ${FIRST_TOKEN_MS} ms, then ${tokens.length} tokens ${TOKEN_DELAY_MS} ms apart; the first ${firstWord} tokens are markup (${JSON.stringify(tokens.slice(0, firstWord).join(''))}); ${RUNS} runs each`,
  );
  const alone = await measureProviderAlone();
  console.log(
    `provider alone (its SDK, median): first token ${ms(alone.firstToken)}, first visible token ${ms(alone.firstVisible)}; load average ${load()}`,
  );
  for (const warm of [true, false]) {
    const starts: FreshStartResult[] = [];
    for (let start = 0; start < (warm ? FRESH_STARTS : 1); start += 1)
      starts.push(await inFreshProcess(warm));
    const warmUp = median(starts.map((start) => start.warmUpSeconds ?? 0));
    const label = warm
      ? `as npm start (warmed in ${warmUp.toFixed(1)} s after ready), ${starts.length} fresh starts`
      : 'without warm-up (reference), 1 fresh start';
    console.log(`${label}; load average ${load()}`);
    console.log(firstAgainstLater('first visible text:', starts, (times) => times.firstVisible));
    console.log(firstAgainstLater('CPU to first text:', starts, (times) => times.cpuToFirstVisible));
    console.log(firstAgainstLater('queued:', starts, (times) => times.queued));
    console.log(firstAgainstLater('provider asked:', starts, (times) => times.providerAsked));
    console.log(firstAgainstLater('total:', starts, (times) => times.total));
    if (!warm) continue;
    const later = starts.flatMap((start) => start.runs.slice(1));
    const visible = median(later.map((times) => times.firstVisible));
    console.log(
      `  first visible text ${visible.toFixed(0)} ms: ${(visible / alone.firstToken).toFixed(2)}× the provider's time to first token, ${(visible / alone.firstVisible).toFixed(2)}× its first visible token`,
    );
    const step = (pick: (times: RunTimes) => number) => median(later.map(pick)).toFixed(0);
    console.log(
      `  where it goes (later, median ms from the POST): queued ${step((t) => t.queued)}, provider asked ${step((t) => t.providerAsked)}, its first token ${step((t) => t.providerFirstToken)}, first push ${step((t) => t.firstPush)}, first visible push ${step((t) => t.firstVisible)}; visible text after the provider's first token ${step((t) => t.firstVisible - t.providerFirstToken)} (alone: ${(alone.firstVisible - alone.firstToken).toFixed(0)})`,
    );
  }
}

if (process.argv[2] === CHILD_FLAG) {
  const { quietSdkWarnings } = await import('#local/quiet-sdk-warnings');
  quietSdkWarnings();
  const result = await measureFreshStart(process.argv[3] === 'warm');
  console.log(JSON.stringify(result));
  process.exit(0);
}
