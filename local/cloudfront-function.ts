import { runInNewContext } from 'node:vm';

/**
 * Runs a CloudFront Function's source (cloudfront-js-2.0, viewer request) the way CloudFront does: a
 * global `handler(event)` that returns the request to pass it on, or a response to answer at the edge.
 * The local app port plays CloudFront, so it runs the stack's own function code (infra/api-edge-guard.ts),
 * not a second copy of its rules.
 */

export interface ViewerRequest {
  readonly method: string;
  readonly uri: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface EdgeResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

interface FunctionResult {
  /** A request passed on: the URI it goes to the origin with. */
  uri?: string;
  statusCode?: number;
  headers?: Record<string, { value: string }>;
  body?: string | { encoding: string; data: string };
}

/** What a viewer-request function decided: the request passed on (its URI perhaps rewritten), or a response. */
export type ViewerRequestOutcome = { readonly uri: string } | { readonly response: EdgeResponse };

export function viewerRequestHandler(code: string): (request: ViewerRequest) => ViewerRequestOutcome {
  const sandbox: { handler?: (event: unknown) => FunctionResult } = {};
  runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
  const handler = sandbox.handler;
  if (!handler) throw new Error('The CloudFront Function defines no handler');
  return (request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), { value }]),
    );
    const result = handler({
      version: '1.0',
      context: { eventType: 'viewer-request' },
      request: { method: request.method, uri: request.uri, querystring: {}, headers, cookies: {} },
    });
    if (result.statusCode === undefined) return { uri: result.uri ?? request.uri };
    const body = typeof result.body === 'string' ? result.body : (result.body?.data ?? '');
    return {
      response: {
        statusCode: result.statusCode,
        headers: Object.fromEntries(
          Object.entries(result.headers ?? {}).map(([name, { value }]) => [name, value]),
        ),
        body,
      },
    };
  };
}

/** The function as a guard: the response it answers at the edge, or null when it passes the request on. */
export function viewerRequestFunction(code: string): (request: ViewerRequest) => EdgeResponse | null {
  const run = viewerRequestHandler(code);
  return (request) => {
    const outcome = run(request);
    return 'response' in outcome ? outcome.response : null;
  };
}
