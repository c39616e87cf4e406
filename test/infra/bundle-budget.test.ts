import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions, httpFunctions } from '#contract/routes';
import { budgetFor, OVER_BUDGET, PAGE_READING_BUDGET_BYTES } from '../../bench/lambda-budgets';
import {
  type LambdaBundle,
  type LambdaEntry,
  modulesReached,
  repositoryRoot,
} from '../../bench/lambda-bundles';
import { SHARED_BUNDLES_TIMEOUT_MS, sharedBundleOf, sharedLambdaBundles } from './shared-bundles';

function findEntry(entries: readonly LambdaEntry[], path: string): LambdaEntry {
  const entry = entries.find((candidate) => candidate.entry === path);
  if (!entry) throw new Error(`No function has the entry ${path}`);
  return entry;
}

function bundleOf(
  bundles: ReadonlyMap<string, LambdaBundle>,
  entries: readonly LambdaEntry[],
  path: string,
): LambdaBundle {
  const bundle = bundles.get(findEntry(entries, path).id);
  if (!bundle) throw new Error(`${path} was not bundled`);
  return bundle;
}

/**
 * docs/architecture.md, "Budgets": a size check, not a timing. Every Lambda is bundled as the stack bundles
 * it (bench/lambda-bundles.ts, code-split, once per run for every infra test: test/infra/shared-bundles.ts) and what its cold start loads is held to its budget
 * (bench/lambda-budgets.ts): 400 KB for an HTTP handler, 700 KB for a page-reading route, 1.2 MB for
 * each worker; the handlers listed in OVER_BUDGET to their own ceilings. Which functions exist comes
 * from the route table, so a function added, merged or split is checked the same way.
 * `npm run bench lambda-bundle` prints the figures, `npx tsx bench/lambda-metafile.ts <id>` the parts.
 */

/**
 * Server and browser code builds its schemas with zod/mini (shared/validation/zod.ts): one import of
 * classic zod puts its whole API back into every bundle that reaches it (~65 KB), so no file may.
 */

/** Non-test TypeScript files under `dir` that import classic zod's values (type imports cost nothing). */
function classicZodImporters(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (/^import (?!type )[^;]*from 'zod';/m.test(readFileSync(file, 'utf8'))) {
      found.push(relative(repositoryRoot, file));
    }
  }
  return found;
}

describe('Lambda bundle budgets', () => {
  it('keeps every function within its minified size budget', {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entries, bundles } = await sharedLambdaBundles();
    const offenders: string[] = [];
    const unneededCeilings: string[] = [];
    const budgeted = new Set<string>();
    for (const entry of entries) {
      const bundle = bundles.get(entry.id);
      expect(bundle, `${entry.id} was not bundled`).toBeDefined();
      if (!bundle) continue;
      const budget = budgetFor(entry, bundle);
      if (budget === undefined) continue;
      budgeted.add(entry.entry);
      const bytes = Buffer.byteLength(bundle.code);
      expect(bytes, `${entry.id} bundled to nothing`).toBeGreaterThan(0);
      const ceiling = OVER_BUDGET[entry.entry];
      const limit = ceiling ? ceiling.ceilingKb * 1024 : budget;
      if (bytes > limit) {
        offenders.push(`${entry.id} (${entry.entry}): ${Math.ceil(bytes / 1024)} KB > ${limit / 1024} KB`);
      }
      if (ceiling && bytes <= budget) unneededCeilings.push(`${entry.entry} is within ${budget / 1024} KB`);
    }
    // Every function of the HTTP API (a resource's routes share one), the page-reading budget on the
    // route that reads pages, and both workers.
    expect(budgeted.size).toBe(httpFunctions.length + 2);
    expect(
      budgetFor(
        findEntry(entries, 'functions/tools/fetch-content/handler.ts'),
        bundleOf(bundles, entries, 'functions/tools/fetch-content/handler.ts'),
      ),
    ).toBe(PAGE_READING_BUDGET_BYTES);
    expect(budgeted).toContain(backgroundFunctions.worker);
    expect(budgeted).toContain(backgroundFunctions.mediaWorker);
    expect(offenders).toEqual([]);
    expect(unneededCeilings).toEqual([]);
    // A ceiling names a function the stack has.
    for (const entry of Object.keys(OVER_BUDGET)) expect(budgeted, entry).toContain(entry);
  });

  it('keeps classic zod out of server and browser code', () => {
    const importers = ['shared', 'functions', 'frontend/src'].flatMap((dir) =>
      classicZodImporters(join(repositoryRoot, dir)),
    );
    expect(importers).toEqual([]);
  });

  it('loads a provider SDK (and the page reader) in the text worker only when a job needs it', {
    timeout: SHARED_BUNDLES_TIMEOUT_MS,
  }, async () => {
    const { entry, bundle } = await sharedBundleOf(backgroundFunctions.worker);
    const evaluated = [...modulesReached(bundle.inputs, entry.entry, { staticOnly: true })];
    expect(evaluated.length).toBeGreaterThan(100);
    for (const lazy of ['openai', '@anthropic-ai/sdk', '@google/genai', 'compromise', 'linkedom']) {
      expect(
        evaluated.filter((path) => path.includes(`node_modules/${lazy}/`)),
        `${lazy} is evaluated when the worker is imported`,
      ).toEqual([]);
    }
  });
});
