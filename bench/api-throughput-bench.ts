/**
 * `GET /api/clients` with 200 clients at 10 concurrent users (an agency's team, each
 * with one request in flight) through the local gateway (authorizer, handler, the AWS SDK, dynalite),
 * against a bare `node:http` server sending the very same body, both measured with autocannon in this
 * run. The goal is a p99 of at most 250 ms; the figures are printed, never asserted. The client is a browser-like one: it asks for brotli or gzip.
 *
 * autocannon runs in its own process, as a browser would, so the load generator does not share the
 * gateway's event loop. Beside req/s and p99 it prints the app's CPU time per request (all of this
 * process's threads, dynalite's worker included), which depends far less on what else the machine runs,
 * and the load average, because a busy machine lowers every req/s figure. On Linux the CPU time is also
 * split by thread: the main thread (gateway, authorizer, handler, SDK), dynalite's worker, and the rest
 * (V8's garbage-collector and compiler threads, libuv's pool where zlib compresses).
 *
 * The gateway rows follow one unmeasured run, so they measure a warm app (a long-running `npm start`),
 * not V8 compiling the handler's code on its first few hundred requests. The bare reference and the
 * app's default page are measured in alternating rounds, and their ratio is taken round by round, so a
 * change in the machine's load during the run moves both sides of each ratio.
 *
 * The list comes in pages (default 50, at most 100, each client as its card shows it), so the rows are:
 * the default first page, a page of 100 (the screen loads 200 clients in two of those), and a page of
 * 100 full profiles (`fields=full`).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

const CLIENTS = 200;
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 5;
const SETTLE_MS = 15_000;
/** Rounds of the bare server and the app's default page taken in turn (see pairedRatios). */
const PAIRED_ROUNDS = 3;
/**
 * autocannon stops with up to CONNECTIONS requests still being answered. A row started at once would
 * queue its first requests behind them, so each row waits until those are done: far longer than
 * CONNECTIONS requests take at this rate.
 */
const DRAIN_MS = 2_000;
const drained = () => new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
/** /proc reports thread times in clock ticks, USER_HZ, which is 100 on Linux. */
const MS_PER_TICK = 10;

const paragraph =
  'Friendly, family tone. Mention same-day crowns, evening hours and the free parking behind the building. ';

const execFileAsync = promisify(execFile);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** CPU of this process (every thread) per completed request: the bare server's is the yardstick. */
  cpuMsPerRequest: number | null;
  /** The same split by thread, where /proc tells it. */
  threads: { main: number; dynalite: number | null; other: number } | null;
}

/** CPU milliseconds of each of this process's threads so far, by thread id; empty without /proc. */
function threadCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  let ids: string[];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return times;
  }
  for (const id of ids) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      // Fields after the parenthesised name: state is the 3rd field, utime the 14th, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(Number(id), (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return times;
}

function splitByThread(
  before: Map<number, number>,
  after: Map<number, number>,
  requests: number,
  dynaliteThread: number | null,
): Figures['threads'] {
  if (after.size === 0 || requests === 0) return null;
  const spent = (id: number) => (after.get(id) ?? 0) - (before.get(id) ?? 0);
  let other = 0;
  for (const id of after.keys()) if (id !== process.pid && id !== dynaliteThread) other += spent(id);
  return {
    main: spent(process.pid) / requests,
    dynalite: dynaliteThread === null ? null : spent(dynaliteThread) / requests,
    other: other / requests,
  };
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  options: { seconds?: number; dynaliteThread?: number | null } = {},
): Promise<Figures> {
  const seconds = options.seconds ?? DURATION_SECONDS;
  const args = [autocannonCli, '--json', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const threadsBefore = threadCpuMs();
  const before = process.cpuUsage();
  const { stdout } = await execFileAsync(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const cpu = process.cpuUsage(before);
  const threadsAfter = threadCpuMs();
  const result = JSON.parse(stdout) as AutocannonJson;
  return {
    threads: splitByThread(
      threadsBefore,
      threadsAfter,
      result.requests.total,
      options.dynaliteThread ?? null,
    ),
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest:
      result.requests.total > 0 ? (cpu.user + cpu.system) / 1000 / result.requests.total : null,
  };
}

const line = (label: string, figures: Figures) =>
  `${label.padEnd(40)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99Ms).padStart(5)} ms${
    figures.cpuMsPerRequest === null ? '' : `  ${figures.cpuMsPerRequest.toFixed(1).padStart(5)} ms CPU/req`
  }${
    figures.threads === null
      ? ''
      : ` (main ${figures.threads.main.toFixed(1)}${
          figures.threads.dynalite === null ? '' : `, dynalite ${figures.threads.dynalite.toFixed(1)}`
        }, other ${figures.threads.other.toFixed(1)})`
  }  load ${loadavg()[0]?.toFixed(1)}${
    figures.errors + figures.non2xx > 0 ? `  (${figures.errors} errors, ${figures.non2xx} non-2xx)` : ''
  }`;

/**
 * The app against the bare server from rounds measured back to back: per round the share of the bare
 * server's req/s the app reaches and how many times its p99 it takes, then the median of the rounds.
 */
function pairedRatios(pairs: readonly { bare: Figures; app: Figures }[]): string {
  const throughput = pairs.map(({ bare, app }) => app.requestsPerSecond / bare.requestsPerSecond);
  const latency = pairs.map(({ bare, app }) => app.p99Ms / Math.max(bare.p99Ms, 1));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const list = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(', ');
  return (
    `gateway / bare, paired rounds: req/s ${median(throughput).toFixed(3)} (rounds ${list(throughput, 3)}), ` +
    `p99 ${median(latency).toFixed(1)}× (rounds ${list(latency, 1)}); median of ${pairs.length}`
  );
}

/** A signed-in user with CLIENTS clients, as every measured runtime serves them. */
async function seed(app: TestRuntime): Promise<string> {
  const user = await app.createUser();
  for (let index = 0; index < CLIENTS; index += 1) {
    const response = await app.request('POST', '/api/clients', {
      token: user.idToken,
      body: {
        name: `Bench Client ${index}`,
        website: `https://client-${index}.example`,
        city: 'Austin',
        state: 'TX',
        newsletter_instructions: paragraph,
        press_release_instructions: paragraph,
        content_instructions: paragraph,
      },
    });
    if (response.status !== 201) throw new Error(`Creating client ${index} answered ${response.status}`);
  }
  return `Bearer ${user.idToken}`;
}

/**
 * The default page's row with the local IAM enforcement off (IAM_ENFORCEMENT=off, a switch for this
 * comparison and for diagnosis only): what the enforcement costs the API is the difference between the
 * two rows (docs/decisions.md, "IAM enforced locally").
 */
async function withoutEnforcement(): Promise<Figures> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false', IAM_ENFORCEMENT: 'off' } });
  try {
    const compressed = { authorization: await seed(app), 'accept-encoding': 'br, gzip' };
    await load(`${app.url}/api/clients`, compressed, { seconds: WARM_UP_SECONDS });
    await drained();
    const figures = await load(`${app.url}/api/clients`, compressed, {
      dynaliteThread: app.runtime.dynamoDbThreadId,
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return figures;
  } finally {
    await app.stop();
  }
}

export async function run(): Promise<void> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  let bare: Server | undefined;
  try {
    const authorization = await seed(app);
    const compressed = { authorization, 'accept-encoding': 'br, gzip' };
    const sample = await fetch(`${app.url}/api/clients`, { headers: { authorization } });
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json';
    const sizeOf = async (query: string) =>
      (await (await fetch(`${app.url}/api/clients${query}`, { headers: { authorization } })).arrayBuffer())
        .byteLength;

    bare = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    await new Promise<void>((resolve) => bare?.listen(0, '127.0.0.1', resolve));
    const barePort = (bare.address() as AddressInfo).port;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

    console.log(
      `GET /api/clients, ${CLIENTS} clients, ${CONNECTIONS} concurrent users (connections), ${DURATION_SECONDS} s each; default page ${kb(body.length)}, ` +
        `limit=100 ${kb(await sizeOf('?limit=100'))}, full limit=100 ${kb(await sizeOf('?fields=full&limit=100'))} of JSON`,
    );
    // `npm start` and `npm run bench` give V8 a larger young generation (package.json); this says whether
    // the process measured here has it too.
    const semiSpace = process.execArgv.find((flag) => flag.startsWith('--max-semi-space-size'));
    console.log(
      `V8: ${semiSpace ?? 'default young generation (npm start runs with --max-semi-space-size=32)'}`,
    );
    const dynaliteThread = app.runtime.dynamoDbThreadId;
    const gateway = async (query: string, headers: Record<string, string>) => {
      await drained();
      return load(`${app.url}/api/clients${query}`, headers, { dynaliteThread });
    };
    const bareRound = async () => {
      await drained();
      return load(`http://127.0.0.1:${barePort}/`, {});
    };
    await load(`${app.url}/api/clients`, compressed, { seconds: WARM_UP_SECONDS });
    console.log(
      `(the gateway rows follow ${WARM_UP_SECONDS} s of unmeasured requests, so V8 has compiled the path)`,
    );
    // The machine's load moves within a run, so one reference taken before the app's rows drifts from
    // them: the bare server and the app take turns, and each ratio compares the two rows of one round.
    const pairs: { bare: Figures; app: Figures }[] = [];
    for (let round = 1; round <= PAIRED_ROUNDS; round += 1) {
      const bareFigures = await bareRound();
      console.log(line(`round ${round}: bare node:http, same body`, bareFigures));
      const appFigures = await gateway('', compressed);
      console.log(line(`round ${round}: gateway, default page, br/gzip`, appFigures));
      pairs.push({ bare: bareFigures, app: appFigures });
    }
    console.log(pairedRatios(pairs));
    console.log(line('gateway, default page, identity', await gateway('', { authorization })));
    console.log(line('gateway, limit=100, br/gzip', await gateway('?limit=100', compressed)));
    console.log(
      line('gateway, full, limit=100, br/gzip', await gateway('?fields=full&limit=100', compressed)),
    );
    // The gateway is still answering the requests autocannon gave up on; stopping dynalite under them
    // would fail them, so they finish first.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    console.log(`goal: p99 at most 250 ms at ${CONNECTIONS} concurrent users`);
  } finally {
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await app.stop();
  }
  console.log(line('gateway, default page, br/gzip, IAM off', await withoutEnforcement()));
}
