import { join } from 'node:path';
import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';

/**
 * How functions with native or file-bound packages are bundled. sharp ships its libvips binaries as
 * per-platform packages, so it must be installed for Lambda's platform (Linux, arm64, glibc), not the
 * build machine's: npm reads `npm_config_os`/`npm_config_cpu`/`npm_config_libc` from the environment
 * of the install that NodejsFunction runs for `nodeModules`. espeak-ng loads its .wasm from its package
 * folder, so it is installed too. The offline renderer's font is copied next to the bundle.
 */

export const LAMBDA_PLATFORM_ENVIRONMENT = {
  npm_config_os: 'linux',
  npm_config_cpu: 'arm64',
  npm_config_libc: 'glibc',
} as const;

/** Installed next to the media worker's bundle instead of bundled. */
export const MEDIA_WORKER_NODE_MODULES = ['sharp', 'espeak-ng'] as const;
/** Files copied next to the media worker's bundle (relative to the project root). */
export const MEDIA_WORKER_FILES = ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] as const;

export type ExtraBundling = Pick<BundlingOptions, 'nodeModules' | 'environment' | 'commandHooks'>;

function copyFilesHooks(projectRoot: string, files: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) =>
      files.map((file) => `cp "${join(projectRoot, file)}" "${outputDir}/"`),
  };
}

export function nativeModulesBundling(
  projectRoot: string,
  nodeModules: readonly string[],
  files: readonly string[] = [],
): ExtraBundling {
  return {
    nodeModules: [...nodeModules],
    environment: { ...LAMBDA_PLATFORM_ENVIRONMENT },
    ...(files.length > 0 ? { commandHooks: copyFilesHooks(projectRoot, files) } : {}),
  };
}
