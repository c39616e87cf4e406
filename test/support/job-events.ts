import WebSocket from 'ws';
import type { TestRuntime } from './test-runtime';

/** A WebSocket client for tests: collects every server event pushed to one signed-in user. */
export interface JobEvent {
  type: string;
  jobId?: string;
  progress?: number;
  /** The whole text so far (media runs); text jobs push `delta` instead. */
  text?: string;
  /** A text job's push: the new text, its number (from 1) and the attempt it belongs to. */
  delta?: string;
  seq?: number;
  attempt?: number;
  /** A `job.succeeded` too large to push points to the job instead of carrying it. */
  resultUrl?: string;
  error?: string;
  job?: { status: string; result: Record<string, unknown> | null };
  /** When the event arrived (performance.now() of this process), set by the collector. */
  receivedAt?: number;
}

export interface EventCollector {
  events: JobEvent[];
  waitFor(predicate: (event: JobEvent) => boolean, timeoutMs?: number): Promise<JobEvent>;
  close(): void;
}

export async function collectEvents(app: TestRuntime, idToken: string): Promise<EventCollector> {
  const socket = new WebSocket(`${app.runtime.config.wsUrl}?token=${encodeURIComponent(idToken)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const events: JobEvent[] = [];
  const waiters: Array<{ predicate: (event: JobEvent) => boolean; resolve: (event: JobEvent) => void }> = [];
  socket.on('message', (data) => {
    const event = { ...(JSON.parse(data.toString()) as JobEvent), receivedAt: performance.now() };
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  return {
    events,
    waitFor: (predicate, timeoutMs = 30_000) => {
      const seen = events.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('Timed out waiting for a WebSocket event')),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    close: () => socket.close(),
  };
}

export async function waitForJob(
  app: TestRuntime,
  token: string,
  jobId: string,
  statuses: readonly string[] = ['succeeded', 'failed'],
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.request<{
      status: string;
      result: Record<string, unknown> | null;
      error: string | null;
      progress: number;
      savedContentId: string | null;
    }>('GET', `/api/jobs/${jobId}`, { token });
    if (statuses.includes(response.body.status)) return response.body;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} is still ${response.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
