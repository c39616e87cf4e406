/**
 * Where a Lambda bundle's bytes go: `npx tsx bench/lambda-metafile.ts GetHealth ListClients worker`
 * bundles each named function as bench/lambda-bundles.ts does and prints its output bytes per package
 * (or per source folder for the app's own code), largest first, from esbuild's metafile. Used to decide
 * what to cut; the bundle bench and the budget test print and hold the totals. For a code-split
 * function (the workers) it prints what the cold start loads, then each lazily loaded part's size.
 */
import { isAbsolute, join } from 'node:path';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '#infra/app-function';
import {
  bundleLambdas,
  type LambdaEntry,
  lambdaBundleAliases,
  lambdaEntries,
  repositoryRoot,
} from './lambda-bundles';

const TOP = 25;

/**
 * Packages shown by part, to tell what a change removed: zod's classic API from its core and mini
 * (`zod/v4/classic`, `zod/v4/core`, `zod/v4/mini`, `zod/v4/locales`), and @smithy/core's submodules.
 */
const SPLIT_PACKAGES: Readonly<Record<string, (rest: readonly string[]) => string | undefined>> = {
  zod: (rest) => (rest[0] === 'v4' ? `v4/${rest[1]}` : undefined),
  '@smithy/core': (rest) => (rest[1] === 'submodules' ? rest[2] : undefined),
};

/** `node_modules/@aws-sdk/client-s3/dist-es/…` → `@aws-sdk/client-s3`; app code → its folder. */
function groupOf(input: string): string {
  const parts = input.split('/');
  const index = parts.lastIndexOf('node_modules');
  if (index >= 0) {
    const first = parts[index + 1] ?? input;
    const scoped = first.startsWith('@');
    const name = scoped ? `${first}/${parts[index + 2] ?? ''}` : first;
    const part = SPLIT_PACKAGES[name]?.(parts.slice(index + (scoped ? 3 : 2)));
    return part ? `${name}/${part}` : name;
  }
  return parts.slice(0, Math.min(parts.length - 1, 2)).join('/') || input;
}

export async function analyse(ids: readonly string[]): Promise<void> {
  const entries = lambdaEntries().filter((entry) => ids.includes(entry.id));
  for (const id of ids) {
    if (!entries.some((entry) => entry.id === id)) console.log(`${id}: no such function`);
  }
  for (const entry of entries) {
    if (entry.codeSplitting) {
      await analyseSplit(entry);
      continue;
    }
    const result = await build({
      entryPoints: [isAbsolute(entry.entry) ? entry.entry : join(repositoryRoot, entry.entry)],
      bundle: true,
      write: false,
      outfile: join(repositoryRoot, '.lambda-bundles', `${entry.id}.mjs`),
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      mainFields: ['module', 'main'],
      banner: { js: ESM_REQUIRE_BANNER },
      alias: lambdaBundleAliases(),
      external: [...entry.external],
      metafile: true,
      logLevel: 'silent',
    });
    const output = Object.values(result.metafile.outputs)[0];
    if (!output) continue;
    const groups = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const group = groupOf(input);
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
    const sorted = [...groups.entries()].sort((a, b) => b[1] - a[1]);
    console.log(`\n${entry.id} (${entry.entry}): ${(output.bytes / 1024).toFixed(0)} KB`);
    for (const [group, bytes] of sorted.slice(0, TOP)) {
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(8)} KB  ${group}`);
    }
    const rest = sorted.slice(TOP).reduce((sum, [, bytes]) => sum + bytes, 0);
    if (rest > 0) console.log(`  ${(rest / 1024).toFixed(1).padStart(8)} KB  (${sorted.length - TOP} more)`);
  }
}

async function analyseSplit(entry: LambdaEntry): Promise<void> {
  const split = (await bundleLambdas([entry])).get(entry.id)?.split;
  if (!split) return;
  const cold = split.coldStartParts.reduce((sum, part) => sum + part.bytes, 0);
  console.log(`\n${entry.id} (${entry.entry}, code-split): cold start ${(cold / 1024).toFixed(0)} KB`);
  for (const part of split.coldStartParts.slice(0, TOP)) {
    console.log(`  ${(part.bytes / 1024).toFixed(1).padStart(8)} KB  ${part.name}`);
  }
  const rest = split.coldStartParts.slice(TOP).reduce((sum, part) => sum + part.bytes, 0);
  if (rest > 0)
    console.log(`  ${(rest / 1024).toFixed(1).padStart(8)} KB  (${split.coldStartParts.length - TOP} more)`);
  console.log('  loaded on first use:');
  for (const part of split.lazy) {
    console.log(`  ${(part.bytes / 1024).toFixed(1).padStart(8)} KB  ${part.module}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await analyse(process.argv.slice(2));
}
