import { join } from 'node:path';
import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { backgroundFunctions, type HttpFunction } from '#contract/routes';
import { copyLambdaNativeModules } from './lambda-native-modules';

/**
 * How functions with native or file-bound packages are bundled. sharp ships its libvips binaries as
 * per-platform packages, so it must be the build for Lambda's platform (Linux, arm64, glibc), not the
 * build machine's: `npm install` installs it so (infra/lambda-native-modules.ts) and the bundling
 * copies it next to the bundle. espeak-ng loads its .wasm from its package folder, so it is carried
 * too. The offline renderer's font is copied next to the bundle.
 */

/** Carried next to the media worker's bundle instead of bundled. */
export const MEDIA_WORKER_NODE_MODULES = ['sharp', 'espeak-ng'] as const;
/** Files copied next to the media worker's bundle (relative to the project root). */
export const MEDIA_WORKER_FILES = ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] as const;

export type ExtraBundling = Pick<BundlingOptions, 'externalModules' | 'commandHooks'>;

function copyHooks(
  projectRoot: string,
  nodeModules: readonly string[],
  files: readonly string[],
): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [
      ...copyLambdaNativeModules(projectRoot, nodeModules, outputDir),
      ...files.map((file) => `cp "${join(projectRoot, file)}" "${outputDir}/"`),
    ],
  };
}

export function nativeModulesBundling(
  projectRoot: string,
  nodeModules: readonly string[],
  files: readonly string[] = [],
): ExtraBundling {
  return {
    // Left out of the bundle: imported from the node_modules copied beside it.
    externalModules: [...nodeModules],
    commandHooks: copyHooks(projectRoot, nodeModules, files),
  };
}

/** A function as the bundling sees it: its handler, and the packages its route-table entry names. */
export type BundledFunction = Pick<HttpFunction, 'entry' | 'nodeModules'>;

/**
 * What a function carries beside its bundle: the media worker its packages and the offline renderer's
 * font, a route function the packages its table entry names, any other nothing. The stack
 * (infra/stack.ts), the shared bundles (bench/lambda-bundles.ts) and the bundles' run test all ask here.
 */
export function carriedBeside(fn: BundledFunction): {
  nodeModules: readonly string[];
  files: readonly string[];
} {
  if (fn.entry === backgroundFunctions.mediaWorker) {
    return { nodeModules: MEDIA_WORKER_NODE_MODULES, files: MEDIA_WORKER_FILES };
  }
  return { nodeModules: fn.nodeModules ?? [], files: [] };
}

/** The bundling options for what `fn` carries beside its bundle (none when it carries nothing). */
export function functionBundling(projectRoot: string, fn: BundledFunction): ExtraBundling | undefined {
  const { nodeModules, files } = carriedBeside(fn);
  if (nodeModules.length === 0 && files.length === 0) return undefined;
  return nativeModulesBundling(projectRoot, nodeModules, files);
}
