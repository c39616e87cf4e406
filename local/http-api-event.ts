import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithLambdaAuthorizer,
  APIGatewayRequestAuthorizerEventV2,
} from 'aws-lambda';

/**
 * The events API Gateway's HTTP API sends to Lambda (payload format version 2.0), built in this one place
 * for the local gateway (every request), the warm-up's rehearsal and the tests that hand a handler an
 * event. The shape is AWS's ("Create AWS Lambda proxy integrations for HTTP APIs", payload format 2.0):
 * lower-case header names; the Cookie header taken out of the headers and split into `cookies`; a
 * repeated query parameter's values joined with commas; a body that is not text base64-encoded; no query
 * or path parameters field when there are none; the time in the access-log form
 * (`12/Mar/2020:19:03:58 +0000`); the stage `$default`.
 */

export interface HttpApiRequest {
  /** `METHOD /path/{param}` of the route the request matched, or `$default`. */
  readonly routeKey: string;
  readonly method: string;
  /** The path as it was requested (still percent-encoded). */
  readonly rawPath: string;
  /** The query string, without its `?`. */
  readonly rawQueryString?: string;
  /** Lower-case names; a repeated header's values joined with commas. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The route's path parameters, decoded. */
  readonly pathParameters?: Readonly<Record<string, string>>;
  readonly body?: Buffer | string;
  readonly sourceIp?: string;
}

/** A route of the table as API Gateway names it in `routeKey`. */
export function routeKeyOf(route: { readonly method: string; readonly path: string }): string {
  return `${route.method} ${route.path}`;
}

/** API Gateway passes text bodies as they are and base64-encodes the others. */
function isTextual(contentType: string | undefined): boolean {
  return !contentType || /json|text|xml|x-www-form-urlencoded|javascript/.test(contentType);
}

const ACCESS_LOG_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `requestContext.time` as API Gateway writes it: the access-log (CLF) form, in UTC. */
export function accessLogTime(date: Date): string {
  const part = Object.fromEntries(
    ACCESS_LOG_TIME.formatToParts(date).map(({ type, value }) => [type, value]),
  );
  return `${part.day}/${part.month}/${part.year}:${part.hour}:${part.minute}:${part.second} +0000`;
}

/** The integration's event for one request, as API Gateway builds it before the authorizer runs. */
export function httpApiEvent(request: HttpApiRequest, receivedAt = new Date()): APIGatewayProxyEventV2 {
  const { cookie, ...headers } = request.headers ?? {};
  const cookies = (cookie ?? '')
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const rawQueryString = request.rawQueryString ?? '';
  const values = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    const before = values.get(name);
    values.set(name, before === undefined ? value : `${before},${value}`);
  }
  const query = Object.fromEntries(values);
  const params = request.pathParameters ?? {};
  const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
  const hasBody = body !== undefined && body.length > 0;
  const textual = isTextual(headers['content-type']);
  return {
    version: '2.0',
    routeKey: request.routeKey,
    rawPath: request.rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? { ...params } : undefined,
    body: hasBody ? body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: hasBody && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method: request.method,
        path: request.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: request.routeKey,
      stage: '$default',
      time: accessLogTime(receivedAt),
      timeEpoch: receivedAt.getTime(),
    },
  };
}

/** What the Lambda REQUEST authorizer (payload 2.0, simple responses) receives for that request. */
export function requestAuthorizerEvent(
  event: APIGatewayProxyEventV2,
  identitySource: readonly string[],
): APIGatewayRequestAuthorizerEventV2 {
  const { http } = event.requestContext;
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${http.method}${event.rawPath}`,
    identitySource: [...identitySource],
    routeKey: event.routeKey,
    rawPath: event.rawPath,
    rawQueryString: event.rawQueryString,
    cookies: event.cookies ?? [],
    headers: event.headers,
    queryStringParameters: event.queryStringParameters ?? {},
    requestContext: event.requestContext,
    pathParameters: event.pathParameters ?? {},
    stageVariables: {},
  };
}

/** The integration's event once the authorizer allowed it: its context under `authorizer.lambda`. */
export function withLambdaAuthorizer<Context>(
  event: APIGatewayProxyEventV2,
  context: Context,
): APIGatewayProxyEventV2WithLambdaAuthorizer<Context> {
  return { ...event, requestContext: { ...event.requestContext, authorizer: { lambda: context } } };
}
