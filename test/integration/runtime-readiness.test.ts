import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJob } from '#functions/generation/job-store';
import { freePort, PortInUseError } from '#local/ports';
import { type LocalRuntime, startLocalRuntime } from '#local/runtime';

/**
 * `/api/health` answers only when the local runtime is ready, and ready includes putting back the jobs
 * a previous run left unfinished (fauxqs keeps its queues in memory). The test polls health from before
 * the start and checks which came first: the re-queue or the first healthy answer.
 */

const UNFINISHED_JOBS = 30;
/** The re-queued jobs run (offline) after the start; no pauses, so the test stops quickly. */
const env = { OFFLINE_STREAM_DELAY_MS: '0', LOG_LEVEL: 'error' };
const dataDir = mkdtempSync(join(tmpdir(), 'lbm-readiness-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('readiness at start', () => {
  it('answers /api/health only after unfinished jobs are re-queued', async () => {
    const first = await startLocalRuntime({ port: 0, dataDir, quiet: true, env });
    const caller = {
      userId: 'readiness-user',
      email: 'readiness@example.com',
      isAdmin: false,
      authMethod: 'token',
    } as const;
    // Stored but never queued: what a stop in the middle of a burst leaves behind.
    for (let index = 0; index < UNFINISHED_JOBS; index += 1) {
      await createJob(caller, 'newsletter', { topic: `Left over ${index}` }, null);
    }
    await first.stop();

    const order: string[] = [];
    let polling = true;
    const pollHealth = async (port: number) => {
      while (polling) {
        const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((response) => response.status === 200)
          .catch(() => false);
        if (healthy) {
          order.push('healthy');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    // A port found free can be taken before the runtime binds it (its emulators, or another test's, bind
    // port 0 meanwhile): the start then refuses with PortInUseError, and another port is tried.
    let second: LocalRuntime | undefined;
    let poll = Promise.resolve();
    for (let attempt = 1; !second; attempt += 1) {
      const port = await freePort();
      polling = true;
      poll = pollHealth(port);
      try {
        second = await startLocalRuntime({
          port,
          dataDir,
          env,
          log: (line) => {
            if (line.startsWith('Re-queued')) order.push(`requeued ${line.match(/\d+/)?.[0]}`);
          },
        });
      } catch (error) {
        polling = false;
        await poll;
        if (!(error instanceof PortInUseError) || attempt === 3) throw error;
        order.length = 0;
      }
    }
    try {
      await poll;
      expect(order).toEqual([`requeued ${UNFINISHED_JOBS}`, 'healthy']);
    } finally {
      polling = false;
      await second.stop();
    }
  }, 120_000);
});
