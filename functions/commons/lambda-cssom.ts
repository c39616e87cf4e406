/**
 * `cssom` inside a Lambda bundle. linkedom imports its stylesheet parser (about 21 KB) for one getter,
 * `HTMLStyleElement.sheet`, which neither the page reader (functions/commons/extract-readable.ts) nor
 * Readability reads: they take text, and skip <style> elements. The bundle swaps the package for this
 * module (esbuild `alias`, infra/lambda-bundle-aliases.ts), whose parser fails loudly if anything ever
 * asks for a stylesheet. test/infra/lambda-bundle-aliases.test.ts checks that linkedom is the only importer
 * in any Lambda and that the page reader's output, <style> elements included, is the same bundled as
 * unbundled. Local runs and tests are not bundled.
 */
export function parse(_css: string): never {
  throw new Error(
    'Stylesheet parsing (cssom) is left out of Lambda bundles (functions/commons/lambda-cssom.ts)',
  );
}
