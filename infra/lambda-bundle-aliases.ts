/**
 * Modules swapped for leaner ones inside every Lambda bundle (esbuild `alias`; paths relative to the
 * project root). Handlers make their AWS calls without the SDK's clients (functions/commons/clients/:
 * aws-json-client.ts, s3-objects.ts, websocket-management.ts), so no alias trims the SDK any more; what
 * is left swaps modules our dependencies import whole for the parts they run
 * (test/infra/dynamodb-bundle.test.ts checks that no Lambda holds the SDK).
 */
export const LAMBDA_BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // The DynamoDB document client reads only `input` from lib-dynamodb's command classes; bare ones keep
  // the SDK out of the bundle (functions/commons/lambda-lib-dynamodb.ts).
  '@aws-sdk/lib-dynamodb': './functions/commons/lambda-lib-dynamodb.ts',
  // sanitize-html and linkedom pull these in whole (CommonJS requires, namespace imports, a default
  // adapter) for one class or function each: the parts they run, or stubs that fail loudly
  // (test/infra/lambda-bundle-aliases.test.ts).
  htmlparser2: './functions/commons/lambda-htmlparser2.ts',
  postcss: './functions/commons/lambda-postcss.ts',
  'source-map-js': './functions/commons/lambda-source-map.ts',
  domutils: './functions/commons/lambda-domutils.ts',
  cssom: './functions/commons/lambda-cssom.ts',
  // middy's core imports Node's web streams for one `instanceof` test on a streamed response; loading
  // them took 2-3 ms of every handler's cold start (functions/commons/lambda-stream-web.ts).
  'node:stream/web': './functions/commons/lambda-stream-web.ts',
};
