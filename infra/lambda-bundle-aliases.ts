/**
 * Modules swapped for leaner ones inside every Lambda bundle (esbuild `alias`; paths relative to the
 * project root). The SDK's default credential chain becomes the environment provider Lambda always
 * satisfies (functions/commons/lambda-credentials.ts says why that is the only link that answers there),
 * and the event-stream codecs and DynamoDB's endpoint-discovery cache, which no handler's calls use,
 * stubs that fail if one ever does (functions/commons/lambda-event-streams.ts, lambda-endpoint-cache.ts).
 */
export const LAMBDA_BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/commons/lambda-credentials.ts',
  // The DynamoDB document client reads only `input` from lib-dynamodb's command classes; bare ones keep
  // the SDK out of the bundle (functions/commons/lambda-lib-dynamodb.ts).
  '@aws-sdk/lib-dynamodb': './functions/commons/lambda-lib-dynamodb.ts',
  '@smithy/core/event-streams': './functions/commons/lambda-event-streams.ts',
  '@aws-sdk/endpoint-cache': './functions/commons/lambda-endpoint-cache.ts',
  // sanitize-html and linkedom pull these in whole (CommonJS requires, namespace imports, a default
  // adapter) for one class or function each: the parts they run, or stubs that fail loudly
  // (test/infra/lambda-html-aliases.test.ts).
  htmlparser2: './functions/commons/lambda-htmlparser2.ts',
  postcss: './functions/commons/lambda-postcss.ts',
  'source-map-js': './functions/commons/lambda-source-map.ts',
  domutils: './functions/commons/lambda-domutils.ts',
  cssom: './functions/commons/lambda-cssom.ts',
  // S3's flexible checksums (and the SHA-1 they would use): our S3 calls never need one.
  '@aws-sdk/checksums/flexible-checksums': './functions/commons/lambda-flexible-checksums.ts',
  '@aws-sdk/checksums/sha': './functions/commons/lambda-flexible-checksums.ts',
};
