/**
 * Makes sure `frontend/dist` holds a production build of the current sources, building it only when a
 * source file is newer than the last build. `npm start`, the e2e tests and the bundle bench share the
 * working tree, so builds are serialised through a lock directory; a lock older than LOCK_STALE_MS is
 * treated as abandoned.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { repositoryRoot } from './repository-root';

export const repoRoot = repositoryRoot;
export const frontendDir = join(repoRoot, 'frontend');
export const distDir = join(frontendDir, 'dist');
export const manifestPath = join(distDir, '.vite', 'manifest.json');

const lockDir = join(repoRoot, '.test-data', 'frontend-build.lock');
const LOCK_STALE_MS = 5 * 60_000;
const LOCK_POLL_MS = 250;

/** Everything the bundle is built from; a change to any of them calls for a rebuild. */
const sources = [
  join(frontendDir, 'src'),
  join(frontendDir, 'public'),
  join(frontendDir, 'index.html'),
  join(frontendDir, 'vite.config.ts'),
  join(repoRoot, 'shared'),
  join(repoRoot, 'contract', 'routes.ts'),
  // Names the prerendered page of `/` that vite.config.ts writes.
  join(repoRoot, 'infra', 'spa-rewrite.ts'),
  join(repoRoot, 'package.json'),
];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

async function isStale(): Promise<boolean> {
  const built = await stat(manifestPath).catch(() => null);
  if (!built) return true;
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))));
  return newest > built.mtimeMs;
}

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  await mkdir(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockDir);
      break;
    } catch {
      const held = await stat(lockDir).catch(() => null);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS)
        await rm(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

/** Builds the frontend if it is missing or older than its sources; resolves to whether it built. */
export async function ensureFrontendBuild(options: { force?: boolean } = {}): Promise<boolean> {
  if (!options.force && !(await isStale())) return false;
  return withBuildLock(async () => {
    // Another process may have built it while this one waited for the lock.
    if (!options.force && !(await isStale())) return false;
    const { build } = await import('vite');
    // Vitest sets NODE_ENV=test, which would make Vite and React produce a development bundle (React's
    // dev build, jsxDEV); the app under test must be the production one.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: join(frontendDir, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    return true;
  });
}
