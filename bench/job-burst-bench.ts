/**
 * A burst of jobs: seven newsletters sent together to a simulated provider that
 * takes about two seconds per reply. With the worker's concurrency they finish together; one job at a
 * time would finish them two seconds apart. Prints when each job finished, from the burst's start.
 *
 * Then the outside probe's load (docs/decisions.md, "The outside probe's findings"): 50 jobs from 5 users
 * while 100 clients poll their status over kept-alive connections, each waiting 5.5-6.5 s between polls: Node
 * closes an idle connection after its default 5 s keep-alive plus a second of grace, so with the defaults a
 * close crosses a poll now and then. Prints the polls made and how many met a reset connection.
 */
import { connect, type Socket } from 'node:net';
import { WORKER_MAX_CONCURRENCY } from '#contract/worker-concurrency';
import { startFakeOpenAiServer } from '#functions/providers/testing/fake-openai-server';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

const JOBS = 7;
const CHUNKS = 20;
const CHUNK_DELAY_MS = 100;

const PROBE_USERS = 5;
const PROBE_JOBS_PER_USER = 10;
const POLLING_CLIENTS = 100;
const POLL_FOR_MS = 45_000;

/**
 * A client that keeps its connection open between polls and does not read the server's `Keep-Alive:
 * timeout` hint, as Go's and Python's HTTP clients do (Node's own agent reads it and would hide the
 * race). Each poll is written on the kept connection unless the client has already seen it closed; a
 * poll whose connection is reset or closed under it counts as a failure (the user would see a failed
 * request), and the next poll opens a new connection.
 */
class KeptConnection {
  private socket: Socket | null = null;

  constructor(private readonly url: URL) {}

  poll(path: string, token: string): Promise<string | null> {
    // A connection already seen closed is replaced, as a client's pool does; the race is a close that
    // crosses a request already written.
    const kept = this.socket && !this.socket.destroyed ? this.socket : null;
    const socket = kept ?? connect(Number(this.url.port), this.url.hostname);
    this.socket = socket;
    return new Promise((resolve) => {
      let received = '';
      const done = (failure: string | null) => {
        socket.off('data', onData);
        socket.off('error', onError);
        socket.off('close', onClose);
        if (failure) {
          socket.destroy();
          this.socket = null;
        }
        resolve(failure);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.toString('latin1');
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length:\s*(\d+)/i.exec(received.slice(0, headEnd))?.[1] ?? 0);
        if (received.length >= headEnd + 4 + length) done(null);
      };
      const onError = (error: NodeJS.ErrnoException) => done(error.code ?? error.message);
      const onClose = () => done('ECONNRESET');
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('close', onClose);
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\nAuthorization: Bearer ${token}\r\nConnection: keep-alive\r\n\r\n`,
      );
    });
  }

  close(): void {
    this.socket?.destroy();
  }
}

async function pollingClients(app: TestRuntime): Promise<void> {
  const users = await Promise.all(Array.from({ length: PROBE_USERS }, () => app.createUser()));
  const jobs = await Promise.all(
    users.flatMap((user) =>
      Array.from({ length: PROBE_JOBS_PER_USER }, async (_, index) => {
        const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
          token: user.idToken,
          body: { topic: `Probe ${index}`, model: 'gpt-4o' },
        });
        return { token: user.idToken, jobId: queued.body.jobId };
      }),
    ),
  );
  const failures = new Map<string, number>();
  let polls = 0;
  const until = performance.now() + POLL_FOR_MS;
  await Promise.all(
    Array.from({ length: POLLING_CLIENTS }, async (_, index) => {
      const job = jobs[index % jobs.length];
      if (!job) return;
      const connection = new KeptConnection(new URL(app.url));
      while (performance.now() < until) {
        const failure = await connection.poll(`/api/jobs/${job.jobId}`, job.token);
        polls += 1;
        if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5_500 + Math.random() * 1_000));
      }
      connection.close();
    }),
  );
  const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    `${PROBE_USERS * PROBE_JOBS_PER_USER} jobs from ${PROBE_USERS} users, ${POLLING_CLIENTS} clients polling every 5.5-6.5 s for ${POLL_FOR_MS / 1000} s`,
  );
  console.log(
    `polls: ${polls}, connection failures: ${failed}${failed > 0 ? ` (${[...failures].map(([code, count]) => `${code} ×${count}`).join(', ')})` : ''}`,
  );
}

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
    await pollingClients(app);
  } finally {
    await app.stop();
    await provider.close();
  }
}
