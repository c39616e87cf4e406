/**
 * `@aws-sdk/endpoint-cache` inside a Lambda bundle. DynamoDBClient builds an endpoint cache at
 * construction for endpoint discovery, which brings an LRU library (mnemonist, obliterator: about 8 KB
 * per handler). Discovery is off unless `endpointDiscoveryEnabled` or AWS_ENABLE_ENDPOINT_DISCOVERY turns
 * it on, which the stack never does, and no operation we call requires it; then the SDK only asks the
 * cache for an endpoint, and an empty cache has none. So the bundle swaps the module for this one
 * (esbuild `alias`, LAMBDA_BUNDLE_ALIASES in infra/app-function.ts), which fails loudly if discovery is
 * ever switched on. Local runs and tests are not bundled and keep the real module;
 * test/infra/bundle-budget.test.ts sends a DynamoDB Query through a bundle built with the aliases.
 */

function unsupported(): never {
  throw new Error(
    'DynamoDB endpoint discovery is left out of Lambda bundles (functions/commons/lambda-endpoint-cache.ts)',
  );
}

export class EndpointCache {
  /** The one call made with discovery off: no endpoint was ever discovered. */
  getEndpoint(_key: string): string | undefined {
    return undefined;
  }

  get(_key: string): never {
    return unsupported();
  }

  set(_key: string, _endpoints: unknown): never {
    return unsupported();
  }

  delete(_key: string): never {
    return unsupported();
  }

  has(_key: string): never {
    return unsupported();
  }

  clear(): never {
    return unsupported();
  }
}
