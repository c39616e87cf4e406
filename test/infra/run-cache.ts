import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * What the infra test files share within one test run
 * (docs/decisions.md, "Infra tests: one process per worker"): the synthesized default app and the bundles of
 * every Lambda are built once, by the first file that asks, whichever worker runs it, and read from disk by
 * every other file. The run's folder comes from the infra project's global setup
 * (test/infra/global-setup.ts), which removes it when the run ends, so nothing carries over from one run to
 * the next and no input can be stale.
 *
 * A build claims its folder with mkdir (atomic: exactly one file wins), writes into it, then writes
 * `<name>.done`; a build that throws writes `<name>.failed` with its message, so the files waiting for
 * it fail with that message instead of waiting for nothing.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The infra tests' folder for this run (node_modules/.cache/lbm-infra-run-*). */
    infraRunDir: string;
  }
}

/** How long a file waits for another worker's build before it gives up (it never should). */
const WAIT_LIMIT_MS = 20 * 60_000;
const POLL_MS = 100;

export function runDir(): string {
  const dir = inject('infraRunDir');
  if (!dir) throw new Error('The infra run folder is missing: run the infra tests through vitest');
  return dir;
}

/** This worker's scratch area: a worker runs one file at a time, so it can clear it between files. */
const workerScratch = () => join(runDir(), 'scratch', `worker-${process.env.VITEST_POOL_ID ?? process.pid}`);

/** A fresh folder under this worker's scratch area (removed after the file, by `clearScratch`). */
export function scratchDir(prefix: string): string {
  const scratch = workerScratch();
  mkdirSync(scratch, { recursive: true });
  return mkdtempSync(join(scratch, prefix));
}

/** Removes this worker's scratch folders: a synthesized app takes tens of MB (the CLI layer's zip). */
export function clearScratch(): void {
  rmSync(workerScratch(), { recursive: true, force: true });
}

type Claim = { readonly dir: string; readonly mine: boolean };

function claim(name: string): Claim {
  const dir = join(runDir(), name);
  try {
    mkdirSync(dir);
    return { dir, mine: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { dir, mine: false };
  }
}

const markers = (name: string) => ({
  done: join(runDir(), `${name}.done`),
  failed: join(runDir(), `${name}.failed`),
});

/** True once the build is there; throws the build's own failure. */
function finished(name: string): boolean {
  const { done, failed } = markers(name);
  if (existsSync(done)) return true;
  if (existsSync(failed)) throw new Error(`${name} failed to build: ${readFileSync(failed, 'utf8')}`);
  return false;
}

function recordOutcome(name: string, error?: unknown): void {
  const { done, failed } = markers(name);
  if (error === undefined) writeFileSync(done, '');
  else writeFileSync(failed, error instanceof Error ? (error.stack ?? error.message) : String(error));
}

function waitedTooLong(name: string, since: number): boolean {
  if (Date.now() - since < WAIT_LIMIT_MS) return false;
  throw new Error(`${name} was claimed by another test file but never finished building`);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * The folder holding `name`, built by `build(dir)` if no file of this run has claimed it yet, else
 * waited for. For call sites that cannot await (a describe block); the wait blocks this worker only.
 */
export function builtOnce(name: string, build: (dir: string) => void): string {
  const { dir, mine } = claim(name);
  if (mine) {
    try {
      build(dir);
    } catch (error) {
      recordOutcome(name, error);
      throw error;
    }
    recordOutcome(name);
    return dir;
  }
  const since = Date.now();
  while (!finished(name) && !waitedTooLong(name, since)) Atomics.wait(pause, 0, 0, POLL_MS);
  return dir;
}

/** `builtOnce` for a build that awaits (esbuild). */
export async function builtOnceAsync(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  const { dir, mine } = claim(name);
  if (mine) {
    try {
      await build(dir);
    } catch (error) {
      recordOutcome(name, error);
      throw error;
    }
    recordOutcome(name);
    return dir;
  }
  const since = Date.now();
  while (!finished(name) && !waitedTooLong(name, since)) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return dir;
}
