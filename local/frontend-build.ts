import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './handler-loader';
import { frontendDist } from './static-files';

/** Sources whose change makes the built frontend stale. */
const sources = [
  'frontend/src',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/public',
  'shared',
];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestModification(join(path, name))),
    stats.mtimeMs,
  );
}

export function frontendIsStale(): boolean {
  const index = join(frontendDist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((source) => newestModification(join(repositoryRoot, source)) > built);
}

/** Runs `vite build` in-process when the build is missing or older than its sources. */
export async function ensureFrontendBuilt(log: (line: string) => void = () => undefined): Promise<void> {
  if (!frontendIsStale()) return;
  log('Building the frontend (it is missing or older than its sources)...');
  const started = performance.now();
  const { build } = await import('vite');
  await build({ configFile: join(repositoryRoot, 'frontend', 'vite.config.ts'), logLevel: 'warn' });
  log(`Frontend built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
