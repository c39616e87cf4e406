import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { lambdaBuildOptions } from '#infra/lambda-build-options';
import { MEDIA_WORKER_NODE_MODULES } from '#infra/media-bundling';
import { repositoryRoot } from '../repository-root';
import { functionEntries } from './function-catalog';

/**
 * The local runtime runs every function from an esbuild bundle built with the Lambda build's options
 * (infra/lambda-build-options.ts), not from the TypeScript sources through a loader: what runs locally is
 * what the deployed functions are built from, and a function's thread starts in about 100 ms instead of
 * 600–700 ms (2 s and more on a loaded machine), because Node reads a few bundled files instead of
 * transforming and resolving hundreds of source modules. One esbuild run builds every function and the
 * thread's own runner (about 1.6 s); functions share chunks on disk, never module instances (each thread
 * loads its own).
 *
 * The build lives inside the repository, under node_modules/.cache, so that the packages left out of the
 * bundles (sharp, espeak-ng) and the files found beside them (the font) resolve from the project's
 * node_modules, as they resolve beside the deployed bundle.
 */

/** The thread's entry: it loads a function's bundle and runs the invocations the host posts. */
export const FUNCTION_RUNNER_ENTRY = 'local/functions/function-runner.ts';

const CACHE_DIR = join(repositoryRoot, 'node_modules', '.cache', 'lbm-functions');
const OWNER_PREFIX = 'pid-';

/** Where a source module's bundle is, in a build folder: the same path with `.mjs`. */
export function bundledPath(bundleDir: string, entry: string): string {
  return join(bundleDir, entry.replace(/\.ts$/, '.mjs'));
}

/** Builds every function of the route table, and the runner, into `outdir`. */
export async function buildFunctionBundles(outdir: string): Promise<void> {
  // Loaded here: the function host needs only the paths above.
  const { build } = await import('esbuild');
  const entries = [...new Set([...functionEntries.values(), FUNCTION_RUNNER_ENTRY])];
  await build({
    ...lambdaBuildOptions(),
    // Readable stacks and log lines while developing; minifying changes the bytes, not what runs.
    minify: false,
    entryPoints: Object.fromEntries(
      entries.map((entry) => [entry.replace(/\.ts$/, ''), join(repositoryRoot, entry)]),
    ),
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    external: [...MEDIA_WORKER_NODE_MODULES],
    logLevel: 'warning',
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh build folder owned by this process, named after its pid. Folders whose process is gone (a
 * runtime stopped with kill -9) are removed first, so builds never pile up.
 */
export function claimBundleDir(): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  for (const name of readdirSync(CACHE_DIR)) {
    const pid = Number(name.slice(OWNER_PREFIX.length).split('-')[0]);
    if (name.startsWith(OWNER_PREFIX) && Number.isInteger(pid) && !processAlive(pid)) {
      rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
    }
  }
  return mkdtempSync(join(CACHE_DIR, `${OWNER_PREFIX}${process.pid}-`));
}
