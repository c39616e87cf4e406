import { execFileSync } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { AssetHashType, type BundlingOptions, type DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';
import { lambdaBuildOptions } from './lambda-build-options';
import { LAMBDA_RUNTIME } from './lambda-runtime';
import type { ExtraBundling } from './media-bundling';

/**
 * How every Lambda is built: esbuild with code splitting. NodejsFunction runs esbuild without
 * `splitting`, so a dynamic `import()` is inlined into its one bundle and parsed at every cold start.
 * Libraries import what they rarely need dynamically so that a split build leaves it out: the AWS SDK's
 * default credential chain loads its SSO, profile-file, process and web-identity providers (and the STS
 * and SSO clients they use: docs/benchmarks.md, "lambda-bundle") only when the environment has no
 * credentials, which in Lambda it always has; the workers load one provider SDK, compromise or linkedom per
 * job. Here each dynamically imported module, with what only it needs, lands in a chunk that Node reads the
 * first time it is imported. The CDK asset and the bench/test build (bench/lambda-bundles.ts) both take their
 * options from `splitBuildOptions`, so the figures are those of what is deployed.
 */

/** The entry file Lambda loads (handler `index.handler`); chunks go under `chunks/`. */
export const SPLIT_ENTRY_FILE = 'index.mjs';
export const SPLIT_HANDLER = 'index.handler';

export interface SplitBuildInput {
  /** Repository root: relative entries resolve from it. */
  readonly projectRoot: string;
  /** Handler module, relative to the project root or absolute. */
  readonly entry: string;
  /** Where index.mjs, its map and chunks/ are written. */
  readonly outdir: string;
  /** Packages left out of the bundle (installed beside it: sharp, espeak-ng). */
  readonly external: readonly string[];
}

/**
 * lambdaBuildOptions with code splitting. The map sits beside each file; Node reads a chunk's map only
 * when it loads that chunk.
 */
export function splitBuildOptions(input: SplitBuildInput): BuildOptions & { metafile: true } {
  const { projectRoot } = input;
  return {
    ...lambdaBuildOptions(),
    entryPoints: { index: isAbsolute(input.entry) ? input.entry : join(projectRoot, input.entry) },
    splitting: true,
    outdir: input.outdir,
    chunkNames: 'chunks/[name]-[hash]',
    external: [...input.external],
    metafile: true,
    logLevel: 'warning',
  };
}

/** What a cold start of a split build loads. */
export interface SplitGraph {
  /** Output paths as the metafile names them: the entry file and every chunk it imports statically. */
  readonly coldStart: readonly string[];
}

const isCode = (path: string) => path.endsWith('.mjs');

/** Static imports of an output, then theirs: what Node evaluates before the module itself. */
export function staticClosure(metafile: Metafile, from: readonly string[]): Set<string> {
  const reached = new Set(from);
  const queue = [...from];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || reached.has(imported.path)) continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  return reached;
}

export function splitGraph(metafile: Metafile): SplitGraph {
  const outputs = Object.keys(metafile.outputs).filter(isCode);
  const entryOutput = outputs.find(
    (path) => path.endsWith(`/${SPLIT_ENTRY_FILE}`) || path === SPLIT_ENTRY_FILE,
  );
  if (!entryOutput) throw new Error(`esbuild wrote no ${SPLIT_ENTRY_FILE}`);
  return { coldStart: [...staticClosure(metafile, [entryOutput])] };
}

/**
 * Builds one function into `outputDir`, then does what NodejsFunction does with the bundling options:
 * leaves `externalModules` out of the bundle and runs the after-bundling commands (copying the packages
 * built for Lambda's platform and the font beside the code, infra/media-bundling.ts).
 */
export function buildSplitFunction(
  input: Omit<SplitBuildInput, 'outdir' | 'external'>,
  outputDir: string,
  extra: ExtraBundling = {},
): Metafile {
  // Throws with esbuild's messages if the build fails, which fails the synth.
  const result = buildSync(
    splitBuildOptions({ ...input, outdir: outputDir, external: extra.externalModules ?? [] }),
  );
  runAfterBundling(input.projectRoot, outputDir, extra);
  return result.metafile;
}

/**
 * The after-bundling commands of `extra` (what a function carries beside its code), run on a built
 * function in `outputDir`: the asset's last step, which test/infra/lambda-assets-run.test.ts also takes
 * on the shared bundles.
 */
export function runAfterBundling(projectRoot: string, outputDir: string, extra: ExtraBundling = {}): void {
  const afterBundling = extra.commandHooks?.afterBundling(projectRoot, outputDir) ?? [];
  if (afterBundling.length === 0) return;
  execFileSync('bash', ['-c', afterBundling.join(' && ')], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The asset's bundling: always local (esbuild is a dependency of the project, so `cdk synth` needs no
 * Docker), through `buildSplitFunction`. CDK requires an image; it would only be used if the local
 * build declined, which it never does (it succeeds or throws). The entry and packages are fields, so
 * CDK's asset cache (keyed on these options as JSON) tells two functions apart.
 */
class SplitBundling implements BundlingOptions {
  readonly image: DockerImage = LAMBDA_RUNTIME.bundlingImage;
  readonly local: ILocalBundling;
  readonly entry: string;
  readonly externalModules: readonly string[];

  constructor(projectRoot: string, entry: string, extra: ExtraBundling) {
    this.entry = entry;
    this.externalModules = extra.externalModules ?? [];
    this.local = {
      tryBundle: (outputDir: string) => {
        buildSplitFunction({ projectRoot, entry }, outputDir, extra);
        return true;
      },
    };
  }
}

/** A code-split function's asset (handler `index.handler`), hashed by its output as NodejsFunction's is. */
export function splitBundleCode(projectRoot: string, entry: string, extra: ExtraBundling = {}): Code {
  return Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: new SplitBundling(projectRoot, entry, extra),
  });
}
