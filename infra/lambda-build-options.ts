import type { BuildOptions } from 'esbuild';

/**
 * The esbuild options every Lambda is built with, apart from how its output is split (infra/split-bundle.ts).
 * Kept free of aws-cdk-lib so the local runtime builds its functions with them (local/functions/
 * function-bundles.ts) without loading the CDK.
 */

/**
 * Some CommonJS dependencies call `require` for Node built-ins; an ES module has no `require`, so the
 * bundle defines one. The alias avoids clashing with a top-level `createRequire` inside the bundle.
 * esbuild writes the banner at the top of every output file, so each chunk has its own.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __lbmCreateRequire } from 'node:module'; const require = __lbmCreateRequire(import.meta.url);";

/**
 * The Node major of Lambda's runtime (`nodejs24.x`, infra/app-function.ts), which esbuild targets and
 * test/infra/lambda-assets-run.test.ts runs every bundle on. Node 22's runtime is deprecated in 2027
 * (docs/decisions.md, "Lambda runtime nodejs24.x").
 */
export const LAMBDA_NODE_MAJOR = 24;

/**
 * The Lambda build's esbuild options: minified ES modules for Lambda's Node, `module` before `main`, the
 * require banner, the AWS SDK bundled (not left to the runtime's copy, so its version is the one we
 * tested), a linked source map without sources. Ordinary options: no module is swapped for another.
 */
export function lambdaBuildOptions(): BuildOptions {
  return {
    bundle: true,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: `node${LAMBDA_NODE_MAJOR}`,
    minify: true,
    // Linked, as NodejsFunction's sourceMap: true: each file ends with its sourceMappingURL comment.
    sourcemap: 'linked',
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
  };
}
