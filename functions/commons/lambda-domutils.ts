/**
 * `domutils` inside a Lambda bundle. css-select imports it as its default DOM adapter, which brings
 * dom-serializer and a copy of `entities` with its encoding and decoding tables (about 80 KB). Its one
 * user in our bundles is linkedom (the page reader), which always passes its own adapter to
 * css-select's `compile` and `is`, so the default is never called. The bundle swaps the package for this
 * module (esbuild `alias`, infra/lambda-bundle-aliases.ts): an adapter whose every method fails loudly.
 * test/infra/lambda-bundle-aliases.test.ts checks that css-select is the only importer in any Lambda and
 * that the page reader's output is the same bundled as unbundled. Local runs and tests are not bundled.
 */

function unsupported(): never {
  throw new Error(
    'domutils is left out of Lambda bundles; pass css-select an adapter (functions/commons/lambda-domutils.ts)',
  );
}

// The methods css-select requires of an adapter (its Adapter type), for the day one is called here.
export const isTag = unsupported;
export const existsOne = unsupported;
export const getAttributeValue = unsupported;
export const getChildren = unsupported;
export const getName = unsupported;
export const getParent = unsupported;
export const getSiblings = unsupported;
export const getText = unsupported;
export const hasAttrib = unsupported;
export const removeSubsets = unsupported;
export const findAll = unsupported;
export const findOne = unsupported;
