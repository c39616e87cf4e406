/**
 * Builds every Lambda handler the way `infra/app-function.ts` does (esbuild with code splitting, with the
 * very options of infra/split-bundle.ts), in memory, so the bundle bench and the size-budget test
 * measure what AWS would run without synthesizing the stack.
 */
import { join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { backgroundFunctions, httpFunctions, webSocketRoutes } from '#contract/routes';
import { type BundledFunction, carriedBeside } from '#infra/media-bundling';
import { SPLIT_ENTRY_FILE, splitBuildOptions, splitGraph, staticClosure } from '#infra/split-bundle';

export const repositoryRoot = join(import.meta.dirname, '..');

export type LambdaKind = 'http' | 'websocket' | 'background';

export interface LambdaEntry {
  readonly id: string;
  /** Relative to the repository root. */
  readonly entry: string;
  readonly kind: LambdaKind;
  /** Installed next to the bundle, not bundled (sharp, espeak-ng). */
  readonly external: readonly string[];
}

/** Every function the stack deploys, one per handler module (routes may share one). */
export function lambdaEntries(): LambdaEntry[] {
  const entries = new Map<string, LambdaEntry>();
  // What a function carries beside its bundle stays out of it, as in the stack (infra/media-bundling.ts).
  const external = (fn: BundledFunction) => carriedBeside(fn).nodeModules;
  for (const fn of httpFunctions) {
    entries.set(fn.entry, { id: fn.id, entry: fn.entry, kind: 'http', external: external(fn) });
  }
  for (const route of webSocketRoutes) {
    entries.set(route.entry, {
      id: route.id,
      entry: route.entry,
      kind: 'websocket',
      external: external(route),
    });
  }
  for (const [name, entry] of Object.entries(backgroundFunctions)) {
    entries.set(entry, { id: name, entry, kind: 'background', external: external({ entry }) });
  }
  return [...entries.values()];
}

/**
 * A handler's minified bundle. `code` is what a cold start parses: the entry file followed by every
 * chunk it imports statically, joined (to measure, not to run: `split.files` is what runs), and `map`
 * is the entry's map (written beside it, never inlined).
 */
export interface LambdaBundle {
  readonly code: string;
  readonly map: string;
  readonly split: SplitBundle;
  /**
   * The module graph of the esbuild run that built it (metafile inputs, paths relative to the working
   * directory): `modulesReached` walks it from the entry.
   */
  readonly inputs: Metafile['inputs'];
}

/** A part of a split function that loads on first use: a dynamically imported module and what only it needs. */
export interface LazyPart {
  /** The module the handler imports dynamically (source path, relative to the repository). */
  readonly module: string;
  /** Its own chunk, whose exports keep the module's names (relative to the function's folder). */
  readonly file: string;
  /** The chunks it loads beyond the cold start (relative to the function's folder). */
  readonly chunks: readonly string[];
  readonly bytes: number;
  /** Its packages (or app folders), largest first. */
  readonly parts: readonly PackageBytes[];
}

export interface PackageBytes {
  readonly name: string;
  readonly bytes: number;
}

export interface SplitBundle {
  /** Every file of the function's folder (index.mjs, chunks/…, the maps), by path relative to it. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The JavaScript files a cold start loads: index.mjs and the chunks it imports statically. */
  readonly coldStart: readonly string[];
  /** What those files hold, by package (or app folder), largest first. */
  readonly coldStartParts: readonly PackageBytes[];
  /** Bytes of every JavaScript file, and of the maps. */
  readonly totalCodeBytes: number;
  readonly totalMapBytes: number;
  /** Each dynamically imported module's own cost, largest first. */
  readonly lazy: readonly LazyPart[];
}

/**
 * Packages shown by part, to tell what a change moved: zod's classic API from its core and mini
 * (`zod/v4/classic`, `zod/v4/core`, `zod/v4/mini`), and @smithy/core's submodules (protocols, serde, …).
 */
const SPLIT_PACKAGES: Readonly<Record<string, (rest: readonly string[]) => string | undefined>> = {
  zod: (rest) => (rest[0] === 'v4' ? `v4/${rest[1]}` : undefined),
  '@smithy/core': (rest) => (rest[1] === 'submodules' ? rest[2] : undefined),
};

/**
 * `node_modules/@aws-sdk/client-s3/dist-es/…` → `@aws-sdk/client-s3` (`@smithy/core/protocols`, …, as
 * above); app code → its first two folders.
 */
export function packageOf(input: string): string {
  const parts = input.replace(/^(\.\.\/)+/, '').split('/');
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

/** The bytes each package (or app folder) takes in these outputs, largest first. */
function packageBytes(metafile: Metafile, outputs: Iterable<string>): PackageBytes[] {
  const groups = new Map<string, number>();
  for (const output of outputs) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      const group = packageOf(input);
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
  }
  return [...groups.entries()].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** The cost of each dynamic import target beyond what the cold start already loaded. */
function lazyParts(
  metafile: Metafile,
  coldStart: ReadonlySet<string>,
  name: (path: string) => string,
): LazyPart[] {
  const targets = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.kind === 'dynamic-import' && !imported.external) targets.add(imported.path);
    }
  }
  const parts: LazyPart[] = [];
  for (const target of targets) {
    if (coldStart.has(target)) continue;
    const chunks = [...staticClosure(metafile, [target])].filter((path) => !coldStart.has(path));
    parts.push({
      module: (metafile.outputs[target]?.entryPoint ?? target).replace(/^(\.\.\/)+/, ''),
      file: name(target),
      chunks: chunks.map(name),
      bytes: chunks.reduce((sum, chunk) => sum + (metafile.outputs[chunk]?.bytes ?? 0), 0),
      parts: packageBytes(metafile, chunks),
    });
  }
  return parts.sort((a, b) => b.bytes - a.bytes);
}

/** One function, built with the stack's own options (infra/split-bundle.ts), in memory. */
async function bundleLambda(entry: LambdaEntry): Promise<LambdaBundle> {
  const outdir = join(repositoryRoot, '.lambda-bundles', entry.id);
  const result = await build({
    ...splitBuildOptions({
      projectRoot: repositoryRoot,
      entry: entry.entry,
      outdir,
      external: entry.external,
    }),
    write: false,
    logLevel: 'silent',
  });
  // The metafile names outputs relative to the working directory; the output files carry absolute paths.
  const name = (metaPath: string) => relative(outdir, resolve(process.cwd(), metaPath));
  const files = new Map(result.outputFiles.map((file) => [relative(outdir, file.path), file.contents]));
  const graph = splitGraph(result.metafile);
  const text = (path: string) => Buffer.from(files.get(path) ?? new Uint8Array()).toString('utf8');
  const coldStart = graph.coldStart.map(name);
  let totalCodeBytes = 0;
  let totalMapBytes = 0;
  for (const [path, contents] of files) {
    if (path.endsWith('.map')) totalMapBytes += contents.byteLength;
    else totalCodeBytes += contents.byteLength;
  }
  return {
    code: coldStart.map(text).join('\n'),
    map: text(`${SPLIT_ENTRY_FILE}.map`),
    inputs: result.metafile.inputs,
    split: {
      files,
      coldStart,
      coldStartParts: packageBytes(result.metafile, graph.coldStart),
      totalCodeBytes,
      totalMapBytes,
      lazy: lazyParts(result.metafile, new Set(graph.coldStart), name),
    },
  };
}

/** Builds in flight at once: esbuild parses on its own threads, so a few overlap their waits. */
const CONCURRENT_BUILDS = 4;

/** The bundle of each handler, keyed by entry id. */
export async function bundleLambdas(entries: readonly LambdaEntry[]): Promise<Map<string, LambdaBundle>> {
  const bundles = new Map<string, LambdaBundle>();
  const queue = [...entries];
  const builder = async () => {
    for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
      bundles.set(entry.id, await bundleLambda(entry));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_BUILDS }, builder));
  return new Map(
    entries.flatMap((entry) => {
      const bundle = bundles.get(entry.id);
      return bundle ? [[entry.id, bundle] as const] : [];
    }),
  );
}

/**
 * The modules a handler's entry reaches in a build's module graph (metafile inputs, which may hold
 * other entries too): through static imports and requires, and through dynamic `import()` unless
 * `staticOnly` (then: what Lambda evaluates when it imports the handler). Paths as the metafile names
 * them. Packages left external are not followed.
 */
export function modulesReached(
  inputs: Metafile['inputs'],
  entry: string,
  options: { readonly staticOnly?: boolean } = {},
): Set<string> {
  const start = Object.keys(inputs).find((path) => entry.endsWith(path) || path.endsWith(entry));
  if (!start) throw new Error(`esbuild's metafile does not list ${entry}`);
  const reached = new Set([start]);
  const queue = [start];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const imported of inputs[path]?.imports ?? []) {
      if (imported.external || reached.has(imported.path)) continue;
      if (options.staticOnly && imported.kind === 'dynamic-import') continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  return reached;
}
