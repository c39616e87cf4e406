import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import {
  bundleLambdas,
  type LambdaBundle,
  type LambdaEntry,
  lambdaEntries,
  type SplitBundle,
} from '../../bench/lambda-bundles';
import { builtOnceAsync } from './run-cache';

/**
 * Every Lambda the stack deploys, bundled as the stack bundles it (bench/lambda-bundles.ts), once per
 * test run (test/infra/run-cache.ts): the size budgets, the SDK and grant checks and the code-split
 * checks all read this one set instead of each bundling the same functions again. Keyed by the
 * functions' ids, from the route table as it is when the run starts.
 */
export interface SharedBundles {
  readonly entries: readonly LambdaEntry[];
  /** By entry id. */
  readonly bundles: ReadonlyMap<string, LambdaBundle>;
}

type SplitSummary = Omit<SplitBundle, 'files'>;

interface Manifest {
  readonly entries: readonly LambdaEntry[];
  /** Each esbuild run's module graph once (bundles of one run share it). */
  readonly graphs: readonly Metafile['inputs'][];
  readonly bundles: readonly { readonly id: string; readonly graph: number; readonly split: SplitSummary }[];
}

function write(
  dir: string,
  entries: readonly LambdaEntry[],
  bundles: ReadonlyMap<string, LambdaBundle>,
): void {
  const graphs: Metafile['inputs'][] = [];
  const manifest: Manifest = {
    entries,
    graphs,
    bundles: [...bundles].map(([id, bundle]) => {
      let graph = graphs.indexOf(bundle.inputs);
      if (graph < 0) graph = graphs.push(bundle.inputs) - 1;
      const folder = join(dir, id);
      mkdirSync(folder);
      writeFileSync(join(folder, 'code.mjs'), bundle.code);
      writeFileSync(join(folder, 'code.mjs.map'), bundle.map);
      const { files, ...split } = bundle.split;
      for (const [path, contents] of files) {
        const file = join(folder, 'files', path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, contents);
      }
      return { id, graph, split };
    }),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

function filesUnder(root: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(root, path), new Uint8Array(readFileSync(path)));
  }
  return files;
}

function read(dir: string): SharedBundles {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const bundles = new Map<string, LambdaBundle>();
  for (const { id, graph, split } of manifest.bundles) {
    const folder = join(dir, id);
    const inputs = manifest.graphs[graph];
    if (!inputs) throw new Error(`The shared bundles' manifest names no graph ${graph} for ${id}`);
    bundles.set(id, {
      code: readFileSync(join(folder, 'code.mjs'), 'utf8'),
      map: readFileSync(join(folder, 'code.mjs.map'), 'utf8'),
      inputs,
      split: { ...split, files: filesUnder(join(folder, 'files')) },
    });
  }
  return { entries: manifest.entries, bundles };
}

/**
 * The timeout of a test that awaits the shared bundles: whichever test asks first builds them for the
 * run (every Lambda, about 20 s on an idle 2-core machine, minutes on a loaded one) or waits for the
 * file that does, so its own work is the smaller part of its time.
 */
export const SHARED_BUNDLES_TIMEOUT_MS = 600_000;

let shared: Promise<SharedBundles> | undefined;

export function sharedLambdaBundles(): Promise<SharedBundles> {
  shared ??= builtOnceAsync('lambda-bundles', async (dir) => {
    const entries = lambdaEntries();
    write(dir, entries, await bundleLambdas(entries));
  }).then(read);
  return shared;
}

/** The shared bundle of the function whose handler is `entry` (a route-table entry). */
export async function sharedBundleOf(entry: string): Promise<{ entry: LambdaEntry; bundle: LambdaBundle }> {
  const { entries, bundles } = await sharedLambdaBundles();
  const found = entries.find((candidate) => candidate.entry === entry);
  const bundle = found && bundles.get(found.id);
  if (!found || !bundle) throw new Error(`No function of the stack has the handler ${entry}`);
  return { entry: found, bundle };
}
