import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';
import { matchRoute } from '#contract/route-match';
import { type AuthKind, gatewayFunction, type HttpFunction, UNMATCHED_ROUTE_KEY } from '#contract/routes';
import { API_EDGE_GUARD_FUNCTION_CODE } from '#infra/api-edge-guard';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { viewerRequestFunction } from './cloudfront-function';
import { type ContentEncoding, compressBody, isCompressible, negotiateEncoding } from './compression';
import type { FunctionInvoker } from './functions/function-host';
import { httpApiEvent, requestAuthorizerEvent, routeKeyOf, withLambdaAuthorizer } from './http-api-event';
import { loggedPath } from './logged-path';
import { decodePathPart, MALFORMED_PATH_MESSAGE } from './path-decoding';

/**
 * Serves the route table the way API Gateway's HTTP API does: it builds an `APIGatewayProxyEventV2`
 * (payload format 2.0, local/http-api-event.ts), runs the same Lambda REQUEST authorizer for every
 * route, and passes the authorizer's context to the route's function. A request no route matches goes to the `$default`
 * route (the Gateway function), as in the stack. What is API Gateway's own mirrors API Gateway: 401
 * with its `{"message"}` body when the one identity source (x-origin-verify) is missing, 403 when the
 * authorizer answers isAuthorized: false (a wrong x-origin-verify value), 500 when it throws, 413 over
 * 10 MB. None of these reaches a caller who comes through the app port, where the handlers answer every
 * refusal in the API's error shape (docs/decisions.md, "One error shape").
 *
 * The same function also plays CloudFront for requests to the app port (`viaCloudFront`): it runs the
 * /api/* behaviour's CloudFront Function (infra/api-edge-guard.ts), sets the secret origin header,
 * replacing any the caller sent, as CloudFront does with an origin custom header, and compresses the
 * reply. Requests to the API port come "straight to execute-api": no header added.
 */

export interface ApiRequestOptions {
  /** Runs the authorizer and the route's function (local/functions/function-host.ts). */
  readonly functions: FunctionInvoker;
  /** The request came through the local CloudFront, which adds this value as x-origin-verify. */
  readonly viaCloudFront?: { readonly originSecret: string };
}

/**
 * The headers API Gateway needs before it even calls the authorizer (infra/http-api.ts): the origin
 * header, on every route. Authorization is read by the authorizer itself, so its absence is the API's
 * 401, not API Gateway's.
 */
function identitySources(headers: Readonly<Record<string, string | undefined>>): Array<string | undefined> {
  return [headers[ORIGIN_VERIFY_HEADER]];
}

/** Where API Gateway sends a request: a route of the table, or the `$default` route. */
interface Target {
  readonly routeKey: string;
  readonly function: HttpFunction;
  readonly auth: AuthKind;
  readonly params: Record<string, string>;
}

const UNMATCHED: Omit<Target, 'params'> = {
  routeKey: UNMATCHED_ROUTE_KEY,
  function: gatewayFunction,
  auth: 'public',
};

/** The route of a request, its decoded path parameters, or 'malformed' for an escape that is not one. */
function targetOf(method: string, path: string): Target | 'malformed' {
  const { route, rawParams } = matchRoute(method, path);
  if (!route) return { ...UNMATCHED, params: {} };
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(rawParams)) {
    const value = decodePathPart(raw);
    if (value === null) return 'malformed';
    params[name] = value;
  }
  return { routeKey: routeKeyOf(route), function: route.function, auth: route.auth, params };
}

const apiEdgeGuard = viewerRequestFunction(API_EDGE_GUARD_FUNCTION_CODE);

/** API Gateway refuses payloads over 10 MB (its quota), with its own body. */
const API_GATEWAY_MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/** The body, or 'too large' past the limit (without buffering the rest), or 'gone' if the caller hung up. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too large' | 'gone'> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) return 'too large';
      chunks.push(buffer);
    }
  } catch {
    return 'gone';
  }
  return Buffer.concat(chunks);
}

function headerMap(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** CloudFront in front of the API compresses JSON and text it is not already given compressed. */
async function compressReply(
  body: Buffer,
  replyHeaders: Record<string, string | number | boolean>,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: ContentEncoding | null }> {
  const lower = Object.fromEntries(
    Object.entries(replyHeaders).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const contentType = lower['content-type'] === undefined ? undefined : String(lower['content-type']);
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding || lower['content-encoding'] !== undefined || !isCompressible(contentType, body.length)) {
    return { body, encoding: null };
  }
  return { body: await compressBody(body, encoding), encoding };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

type AuthorizerVerdict = APIGatewaySimpleAuthorizerResult & { context?: Record<string, unknown> };

/** API Gateway's own bodies, which an HTTP API cannot reshape. */
const API_GATEWAY_MESSAGES = { 401: 'Unauthorized', 403: 'Forbidden', 500: 'Internal Server Error' } as const;

/** API Gateway's part before the route: identity sources, then the Lambda authorizer's verdict. */
async function authorize(
  functions: FunctionInvoker,
  event: APIGatewayProxyEventV2,
): Promise<{ refused: 401 | 403 | 500 } | { context: Record<string, unknown> | undefined }> {
  const identity = identitySources(event.headers);
  if (identity.some((value) => !value)) return { refused: 401 };
  let verdict: AuthorizerVerdict;
  try {
    verdict = await functions.invoke<AuthorizerVerdict>(
      'HttpAuthorizer',
      requestAuthorizerEvent(event, identity.map(String)),
    );
  } catch {
    // AWS: "If API Gateway can't invoke your Lambda authorizer, or your Lambda authorizer returns a
    // response in an invalid format, clients receive a 500 Internal Server Error."
    return { refused: 500 };
  }
  return verdict.isAuthorized ? { context: verdict.context } : { refused: 403 };
}

export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  log: (line: string) => void,
  options: ApiRequestOptions,
): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const started = Date.now();
  const headers = headerMap(request);
  if (options.viaCloudFront) {
    const refused = apiEdgeGuard({ method, uri: url.pathname, headers });
    if (refused) {
      request.resume();
      response.writeHead(refused.statusCode, refused.headers);
      response.end(refused.body);
      return;
    }
  }
  const target = targetOf(method, url.pathname);
  if (target === 'malformed' || decodePathPart(url.pathname) === null) {
    sendJson(response, 400, { message: MALFORMED_PATH_MESSAGE });
    return;
  }
  const { routeKey, params } = target;

  const rawBody = await readBody(request, API_GATEWAY_MAX_PAYLOAD_BYTES);
  if (rawBody === 'gone') return;
  if (rawBody === 'too large') {
    sendJson(response, 413, { message: 'Request Entity Too Large' });
    return;
  }
  if (options.viaCloudFront) headers[ORIGIN_VERIFY_HEADER] = options.viaCloudFront.originSecret;
  // As API Gateway does: the scheme the request arrived with (the review link's origin is built from it).
  headers['x-forwarded-proto'] = 'http';
  const event = httpApiEvent({
    routeKey,
    method,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    pathParameters: params,
    body: rawBody,
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
  });

  const verdict = await authorize(options.functions, event);
  if ('refused' in verdict) {
    sendJson(response, verdict.refused, { message: API_GATEWAY_MESSAGES[verdict.refused] });
    return;
  }
  const routed = target.auth === 'public' ? event : withLambdaAuthorizer(event, verdict.context);

  let result: APIGatewayProxyStructuredResultV2 | string | undefined;
  try {
    // The route's function, as API Gateway invokes it: one that serves several routes hands the event to
    // the route's own handler by its routeKey (functions/commons/route-dispatch.ts).
    result = await options.functions.invoke<APIGatewayProxyStructuredResultV2 | string>(
      target.function.id,
      routed,
    );
  } catch (error) {
    log(`✗ ${routeKey} crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    sendJson(response, 500, { message: 'Internal Server Error' });
    return;
  }

  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
  const body = structured.body
    ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  const replyHeaders: Record<string, string | number | boolean> = { ...(structured.headers ?? {}) };
  // Compression is CloudFront's (its /api/* cache policy), not API Gateway's.
  const { body: sent, encoding } = options.viaCloudFront
    ? await compressReply(body, replyHeaders, headers['accept-encoding'])
    : { body, encoding: null };
  if (encoding) {
    replyHeaders['content-encoding'] = encoding;
    replyHeaders.vary = replyHeaders.vary ? `${replyHeaders.vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  replyHeaders['content-length'] = sent.length;
  response.writeHead(structured.statusCode ?? 200, replyHeaders as Record<string, string>);
  response.end(sent);
  if (process.env.LOG_REQUESTS !== 'false') {
    log(
      `${method} ${loggedPath(url.pathname)} → ${structured.statusCode ?? 200} (${Date.now() - started} ms)`,
    );
  }
}
