/**
 * `node:stream/web` inside a Lambda bundle. middy's core imports its `ReadableStream` for one test, on
 * the response of a handler that streams (`streamifyResponse`), and no handler of ours streams; loading
 * Node's web streams for it took 2-3 ms of every HTTP handler's cold start (issue 15 item 1), on top of
 * the built-ins a signed HTTPS call needs. So the bundle swaps the module (esbuild `alias`,
 * infra/lambda-bundle-aliases.ts) for this class, which answers `instanceof` through the global
 * `ReadableStream` (Node defines it lazily, so the web streams load only when a stream is tested) and
 * fails loudly if constructed. test/infra/lambda-bundle-aliases.test.ts checks who imports it in every
 * Lambda; fetch-blob's import, in the workers, runs only where Node has no global ReadableStream.
 */
export class ReadableStream {
  constructor() {
    throw new Error(
      'node:stream/web is swapped out of Lambda bundles; use the global ReadableStream (functions/commons/lambda-stream-web.ts)',
    );
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }
}
