import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backgroundFunctions, httpFunctions } from '#infra/routes';
import { budgetFor } from '../../bench/lambda-budgets';
import { modulesReached, repositoryRoot } from '../../bench/lambda-bundles';
import { sharedBundleOf, sharedLambdaBundles } from './shared-bundles';

/**
 * Issue 15 / DESIGN §6: a size check, not a timing. Every Lambda is bundled as CDK bundles it
 * (bench/lambda-bundles.ts, once per run for every infra test: test/infra/shared-bundles.ts) and its minified size is held to its budget: at most 400 KB for an HTTP
 * handler, 1.2 MB for the text worker (what its cold start loads: the split build's entry and the
 * chunks it imports statically, infra/split-bundle.ts). Every handler fits since the AWS calls left
 * the SDK's clients (functions/commons/clients/aws-json-client.ts, s3-objects.ts): the largest,
 * FetchContent, holds the page reader (Readability and linkedom) and the sanitizer.
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
  it('keeps every handler within its minified size budget', { timeout: 600_000 }, async () => {
    const { entries, bundles } = await sharedLambdaBundles();
    const offenders: string[] = [];
    let budgeted = 0;
    for (const entry of entries) {
      const budget = budgetFor(entry);
      if (budget === undefined) continue;
      budgeted += 1;
      const bytes = Buffer.byteLength(bundles.get(entry.id)?.code ?? '');
      expect(bytes, `${entry.id} bundled to nothing`).toBeGreaterThan(0);
      if (bytes > budget) {
        offenders.push(`${entry.id} (${entry.entry}): ${Math.ceil(bytes / 1024)} KB > ${budget / 1024} KB`);
      }
    }
    // Every function of the HTTP API (a resource's routes share one) and the text worker.
    expect(budgeted).toBe(httpFunctions.length + 1);
    expect(offenders).toEqual([]);
  });

  it('keeps classic zod out of server and browser code', () => {
    const importers = ['shared', 'functions', 'frontend/src'].flatMap((dir) =>
      classicZodImporters(join(repositoryRoot, dir)),
    );
    expect(importers).toEqual([]);
  });

  it('loads a provider SDK (and the page reader) in the text worker only when a job needs it', {
    timeout: 600_000,
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
