import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildFunctionBundles, claimBundleDir } from '#local/functions/function-bundles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The functions' bundles, built once for the run (local/functions/function-bundles.ts). */
    functionBundlesDir: string;
  }
}

/**
 * Builds the functions once per test run, for every runtime the files start (test/support/
 * test-runtime.ts), instead of once per runtime; removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = claimBundleDir();
  await buildFunctionBundles(dir);
  project.provide('functionBundlesDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
