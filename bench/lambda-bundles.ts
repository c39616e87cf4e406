/**
 * Builds every Lambda handler the way `infra/app-function.ts` does (esbuild: one minified ES module,
 * node22, `module` before `main`, the `require` banner, the SDK bundled), in memory, so the bundle
 * bench and the size-budget test measure what AWS would run without synthesizing the stack.
 */
import { isAbsolute, join } from 'node:path';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '#infra/app-function';
import { LAMBDA_BUNDLE_ALIASES } from '#infra/lambda-bundle-aliases';
import { MEDIA_WORKER_NODE_MODULES } from '#infra/media-bundling';
import { backgroundFunctions, httpRoutes, webSocketRoutes } from '#infra/routes';

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

/** The stack's module aliases, with absolute paths (this build may run from any directory). */
export const lambdaBundleAliases = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(LAMBDA_BUNDLE_ALIASES).map(([from, to]) => [from, join(repositoryRoot, to)]),
  );

/** Every function the stack deploys, one per handler module (routes may share one). */
export function lambdaEntries(): LambdaEntry[] {
  const entries = new Map<string, LambdaEntry>();
  for (const route of httpRoutes) {
    if (!entries.has(route.entry)) {
      entries.set(route.entry, {
        id: route.id,
        entry: route.entry,
        kind: 'http',
        external: route.nodeModules ?? [],
      });
    }
  }
  for (const route of webSocketRoutes) {
    entries.set(route.entry, { id: route.id, entry: route.entry, kind: 'websocket', external: [] });
  }
  for (const [name, entry] of Object.entries(backgroundFunctions)) {
    const external = entry === backgroundFunctions.mediaWorker ? [...MEDIA_WORKER_NODE_MODULES] : [];
    entries.set(entry, { id: name, entry, kind: 'background', external });
  }
  return [...entries.values()];
}

/** A handler's minified bundle and the source map written beside it (never inlined). */
export interface LambdaBundle {
  readonly code: string;
  readonly map: string;
}

/**
 * The minified bundle of each handler, as text, keyed by entry id. One esbuild run per set of
 * externals: esbuild parses a shared module once for all entry points and still links each bundle on
 * its own, as separate builds would.
 */
export async function bundleLambdas(entries: readonly LambdaEntry[]): Promise<Map<string, LambdaBundle>> {
  const groups = new Map<string, LambdaEntry[]>();
  for (const entry of entries) {
    const key = [...entry.external].sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const bundles = new Map<string, LambdaBundle>();
  for (const group of groups.values()) {
    const result = await build({
      entryPoints: Object.fromEntries(
        group.map((entry) => [
          entry.id,
          isAbsolute(entry.entry) ? entry.entry : join(repositoryRoot, entry.entry),
        ]),
      ),
      bundle: true,
      write: false,
      outdir: join(repositoryRoot, '.lambda-bundles'),
      outExtension: { '.js': '.mjs' },
      platform: 'node',
      format: 'esm',
      target: 'node22',
      minify: true,
      // Linked, as NodejsFunction's sourceMap: true: the bundle ends with its sourceMappingURL comment.
      sourcemap: 'linked',
      sourcesContent: false,
      mainFields: ['module', 'main'],
      banner: { js: ESM_REQUIRE_BANNER },
      alias: lambdaBundleAliases(),
      external: [...(group[0]?.external ?? [])],
      logLevel: 'silent',
    });
    for (const entry of group) {
      const code = result.outputFiles.find((file) => file.path.endsWith(`/${entry.id}.mjs`));
      const map = result.outputFiles.find((file) => file.path.endsWith(`/${entry.id}.mjs.map`));
      if (!code || !map) throw new Error(`esbuild produced no bundle for ${entry.entry}`);
      bundles.set(entry.id, { code: code.text, map: map.text });
    }
  }
  return bundles;
}

/**
 * The modules a handler evaluates when Lambda imports it: everything reachable from its entry through
 * static imports and requires. Modules reached only through a dynamic `import()` are inlined into the
 * bundle too (no code splitting), but stay unevaluated until that import runs.
 */
export async function modulesEvaluatedAtImport(entry: LambdaEntry): Promise<Set<string>> {
  const result = await build({
    entryPoints: [isAbsolute(entry.entry) ? entry.entry : join(repositoryRoot, entry.entry)],
    bundle: true,
    write: false,
    outdir: join(repositoryRoot, '.lambda-bundles'),
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    alias: lambdaBundleAliases(),
    external: [...entry.external],
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const start = Object.keys(inputs).find((path) => entry.entry.endsWith(path) || path.endsWith(entry.entry));
  if (!start) throw new Error(`esbuild's metafile does not list ${entry.entry}`);
  const reached = new Set([start]);
  const queue = [start];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const imported of inputs[path]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || reached.has(imported.path)) continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  return reached;
}
