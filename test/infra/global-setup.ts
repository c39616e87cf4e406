import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import './run-cache';

/**
 * The infra project's folder for one test run (test/infra/run-cache.ts): inside the repository, so
 * that bundles written there resolve the packages left out of them (sharp, espeak-ng) from its
 * node_modules; removed when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'lbm-infra-run-'));
  project.provide('infraRunDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
