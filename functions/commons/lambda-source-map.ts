/**
 * `source-map-js` inside a Lambda bundle. postcss's input reader imports it to follow a source map named
 * by a stylesheet; sanitize-html parses every style attribute with `map: false`, for which postcss's
 * PreviousMap returns before reading any annotation (so a hostile `sourceMappingURL` comment in a style
 * attribute reads nothing), and the parser never builds a consumer or a generator. So the bundle swaps
 * the package (about 29 KB) for this module (esbuild `alias`, infra/lambda-bundle-aliases.ts), whose
 * classes fail loudly if a caller ever asks postcss for a map. test/infra/lambda-bundle-aliases.test.ts
 * checks that only postcss imports it in any Lambda and runs hostile styles through a bundle.
 */

function unsupported(): never {
  throw new Error('Source maps are left out of Lambda bundles (functions/commons/lambda-source-map.ts)');
}

export class SourceMapConsumer {
  constructor() {
    unsupported();
  }
}

export class SourceMapGenerator {
  constructor() {
    unsupported();
  }
}
