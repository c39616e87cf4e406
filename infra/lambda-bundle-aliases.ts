/**
 * Modules swapped for leaner ones inside every Lambda bundle (esbuild `alias`; paths relative to the
 * project root). The SDK's default credential chain becomes the environment provider Lambda always
 * satisfies (functions/commons/lambda-credentials.ts says why that is the only link that answers there),
 * and the event-stream codecs and DynamoDB's endpoint-discovery cache, which no handler's calls use,
 * stubs that fail if one ever does (functions/commons/lambda-event-streams.ts, lambda-endpoint-cache.ts).
 */
export const LAMBDA_BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/commons/lambda-credentials.ts',
  '@smithy/core/event-streams': './functions/commons/lambda-event-streams.ts',
  '@aws-sdk/endpoint-cache': './functions/commons/lambda-endpoint-cache.ts',
};
