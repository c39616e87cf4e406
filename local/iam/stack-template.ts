import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from '../repository-root';

/**
 * The stack's CloudFormation template, as the CDK app synthesizes it without bundling, for the local
 * runtime's IAM enforcement: the one source of every function's role and environment. A synthesis
 * costs seconds (tens on a busy machine), so the template is kept under node_modules/.cache, keyed by a
 * hash of everything that can change it: the infra and shared sources, cdk.json and the lock file.
 * Parallel runtimes (test files) build it once: the first takes a lock, the others wait for its file.
 */

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

const CACHE_DIR = join(repositoryRoot, 'node_modules', '.cache', 'lbm-local-stack');
/** A lock older than this was left by a synthesis that died; the next start takes it over. */
const STALE_LOCK_MS = 5 * 60_000;
const POLL_MS = 200;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
  }
  return files;
}

/** The hash of the synthesis's inputs: a change to any of them is a new template. */
export function templateInputsHash(root = repositoryRoot): string {
  const hash = createHash('sha256');
  const files = [
    ...sourceFiles(join(root, 'contract')),
    ...sourceFiles(join(root, 'infra')),
    ...sourceFiles(join(root, 'shared')),
    join(root, 'cdk.json'),
    join(root, 'package-lock.json'),
  ].sort();
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

const run = promisify(execFile);

async function synthesize(target: string): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  await run(
    process.execPath,
    ['--import', 'tsx', join(repositoryRoot, 'local', 'iam', 'synth-template.ts'), partial, CACHE_DIR],
    { cwd: repositoryRoot, maxBuffer: 16 * 1024 * 1024 },
  );
  renameSync(partial, target);
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
      rmSync(lock, { recursive: true, force: true });
      return takeLock(lock);
    }
    return false;
  }
}

/** The synthesized template (from the cache when its inputs have not changed). */
export async function stackTemplate(log: (line: string) => void = () => undefined): Promise<CfnTemplate> {
  const hash = templateInputsHash();
  const file = join(CACHE_DIR, `${hash}.template.json`);
  mkdirSync(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, `${hash}.lock`);
  while (!existsSync(file)) {
    if (takeLock(lock)) {
      try {
        if (!existsSync(file)) {
          log('Synthesizing the stack for IAM enforcement (once per change to infra/)...');
          await synthesize(file);
        }
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
}
