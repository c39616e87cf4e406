import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
} from 'aws-lambda';
import {
  backgroundFunctions,
  DEFAULT_FUNCTION_TIMEOUT_SECONDS,
  type HttpRoute,
  httpRoutes,
} from '#infra/routes';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { type ContentEncoding, compressBody, isCompressible, negotiateEncoding } from './compression';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import { loggedPath } from './logged-path';
import { decodePathPart, MALFORMED_PATH_MESSAGE } from './path-decoding';

/**
 * Serves the route table the way API Gateway's HTTP API does: it builds an `APIGatewayProxyEventV2`
 * (payload format 2.0), runs the same Lambda REQUEST authorizer for every route, and passes the
 * authorizer's context to the route's handler. Status codes mirror API Gateway's: 401 when an identity
 * source is missing (Authorization and x-origin-verify, or x-origin-verify alone on public routes) or the
 * authorizer throws, 403 when it answers isAuthorized: false (a wrong x-origin-verify value).
 *
 * The same function also plays CloudFront for requests to the app port (`viaCloudFront`): it sets the
 * secret origin header, replacing any the caller sent, as CloudFront does with an origin custom header,
 * and compresses the reply. Requests to the API port come "straight to execute-api": no header added.
 */

export interface ApiRequestOptions {
  /** The request came through the local CloudFront, which adds this value as x-origin-verify. */
  readonly viaCloudFront?: { readonly originSecret: string };
}

/** The headers API Gateway needs before it even calls the authorizer (infra/http-api.ts). */
function identitySources(route: HttpRoute, headers: Record<string, string>): Array<string | undefined> {
  const origin = headers[ORIGIN_VERIFY_HEADER];
  return route.auth === 'public' ? [origin] : [headers.authorization, origin];
}

interface CompiledRoute {
  readonly route: HttpRoute;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

const compiled: readonly CompiledRoute[] = httpRoutes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(match[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
});

export function matchRoute(method: string, path: string) {
  let pathMatched = false;
  for (const candidate of compiled) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (candidate.route.method !== method) continue;
    const params: Record<string, string> = {};
    for (const [index, name] of candidate.names.entries()) {
      const value = decodePathPart(match[index + 1] ?? '');
      if (value === null) return { route: null, params: {}, pathMatched, malformed: true };
      params[name] = value;
    }
    return { route: candidate.route, params, pathMatched, malformed: false };
  }
  return { route: null, params: {}, pathMatched, malformed: false };
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // API Gateway refuses payloads over 10 MB; so do we, without buffering the rest.
    if (size > limit) throw new Error('payload too large');
    chunks.push(buffer);
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

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /json|text|xml|x-www-form-urlencoded|javascript/.test(contentType);
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

/** API Gateway's part before the route: identity sources, then the Lambda authorizer's verdict. */
async function authorize(
  route: HttpRoute,
  headers: Record<string, string>,
  event: APIGatewayProxyEventV2,
  query: Record<string, string>,
  params: Record<string, string>,
): Promise<{ refused: 401 | 403 } | { context: Record<string, unknown> | undefined }> {
  const identity = identitySources(route, headers);
  if (identity.some((value) => !value)) return { refused: 401 };
  const authorizer = await loadHandler<APIGatewayRequestAuthorizerEventV2, AuthorizerVerdict>(
    backgroundFunctions.httpAuthorizer,
  );
  let verdict: AuthorizerVerdict;
  try {
    verdict = await authorizer(
      {
        version: '2.0',
        type: 'REQUEST',
        routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${event.requestContext.http.method}${event.rawPath}`,
        identitySource: identity.map(String),
        routeKey: event.routeKey,
        rawPath: event.rawPath,
        rawQueryString: event.rawQueryString,
        cookies: [],
        headers,
        queryStringParameters: query,
        requestContext: event.requestContext,
        pathParameters: params,
        stageVariables: {},
      },
      lambdaContext('HttpAuthorizer'),
    );
  } catch {
    return { refused: 401 };
  }
  return verdict.isAuthorized ? { context: verdict.context } : { refused: 403 };
}

export async function handleApiRequest(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  log: (line: string) => void,
  options: ApiRequestOptions = {},
): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const started = Date.now();
  const { route, params, pathMatched, malformed } = matchRoute(method, url.pathname);
  if (malformed || decodePathPart(url.pathname) === null) {
    sendJson(response, 400, { message: MALFORMED_PATH_MESSAGE });
    return;
  }
  if (!route) {
    // API Gateway answers an unknown route with 404 {"message":"Not Found"}.
    sendJson(response, 404, { message: pathMatched ? 'Method Not Allowed' : 'Not Found' });
    return;
  }

  let rawBody: Buffer;
  try {
    rawBody = await readBody(request, 10 * 1024 * 1024);
  } catch {
    sendJson(response, 413, { message: 'Request Entity Too Large' });
    return;
  }
  const headers = headerMap(request);
  if (options.viaCloudFront) headers[ORIGIN_VERIFY_HEADER] = options.viaCloudFront.originSecret;
  // As API Gateway does: the scheme the request arrived with (the review link's origin is built from it).
  headers['x-forwarded-proto'] = 'http';
  const routeKey = `${route.method} ${route.path}`;
  const now = new Date();
  const textual = isTextual(headers['content-type']);
  const query = Object.fromEntries(url.searchParams.entries());
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    body: rawBody.length > 0 ? rawBody.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: rawBody.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };

  const verdict = await authorize(route, headers, event, query, params);
  if ('refused' in verdict) {
    sendJson(response, verdict.refused, { message: verdict.refused === 401 ? 'Unauthorized' : 'Forbidden' });
    return;
  }
  if (route.auth !== 'public') {
    (event.requestContext as APIGatewayProxyEventV2['requestContext'] & { authorizer: unknown }).authorizer =
      { lambda: verdict.context };
  }

  let result: APIGatewayProxyStructuredResultV2 | string | undefined;
  try {
    // The route's function, as API Gateway invokes it: one that serves several routes hands the event to
    // the route's own handler by its routeKey (functions/commons/route-dispatch.ts).
    const handler = await loadHandler<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 | string>(
      route.function.entry,
    );
    const timeoutSeconds = route.function.timeoutSeconds ?? DEFAULT_FUNCTION_TIMEOUT_SECONDS;
    result = await handler(event, lambdaContext(route.function.id, timeoutSeconds));
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
