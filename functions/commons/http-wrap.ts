import type {
  APIGatewayProxyEventV2WithLambdaAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { type AuthKind, httpRoutes } from '#contract/routes';
import type { ApiKeyScope } from '#shared/api-keys';
import * as z from '#shared/validation/zod';
import { config } from '#shared/validation/zod';
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from './errors';
import { logger } from './logger';
import { readableStack } from './readable-stack';

/**
 * What both HTTP wrappers share (http-handler.ts for routes with credentials, public-http-handler.ts for
 * public ones): the route table's auth kinds, body parsing and zod validation, and JSON replies. Two
 * modules, not one: the credentialed wrapper imports the API-key rate limiter (toolbox entities and the
 * DynamoDB client) statically, which the public handlers must not carry.
 */

export type HttpEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<Record<string, unknown>>;

export interface HttpRequest<Body> {
  readonly event: HttpEvent;
  readonly body: Body;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly userAgent: string | null;
  /** Milliseconds until Lambda ends this invocation (the function's timeout counts down from its start). */
  remainingTimeMs(): number;
}

/** A reply with a status other than 200, or extra headers. */
export class HttpResult {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A reply that is a file (a CSV export) rather than JSON: sent as it is, with its type and, when named,
 * as a download.
 */
export class HttpFileResult {
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly fileName: string | null = null,
  ) {}
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const authKinds = new Map(httpRoutes.map((route) => [`${route.method} ${route.path}`, route.auth]));

const scopes = new Map(httpRoutes.map((route) => [`${route.method} ${route.path}`, route.scope]));

/** The scope an API key needs for the request's route (contract/routes.ts); undefined off the public API. */
export function routeScope(event: HttpEvent): ApiKeyScope | undefined {
  return scopes.get(event.routeKey);
}

export function routeAuth(event: HttpEvent): AuthKind {
  const kind = authKinds.get(event.routeKey);
  // An unknown route key means the handler was wired to a route the table does not list: fail closed.
  if (!kind) throw new ForbiddenError(`Route ${event.routeKey} is not in the route table`);
  return kind;
}

/** The body as text, within the size limit ('' when there is none). */
export function rawBody(event: HttpEvent, maxBytes = MAX_BODY_BYTES): string {
  if (event.body === undefined || event.body === null || event.body === '') return '';
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > maxBytes) {
    throw new PayloadTooLargeError(
      `The request body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  }
  return raw;
}

/** Whether the request says its body is CSV (`Content-Type: text/csv`). */
export function hasCsvBody(event: HttpEvent): boolean {
  const type = event.headers?.['content-type'] ?? '';
  return /^text\/csv\b/i.test(type.trim());
}

/**
 * A body is JSON when it says so (`application/json`, or a `+json` type) or says nothing; any other
 * declared type is refused with 415, so a form or `text/plain` post is not read as JSON by accident.
 */
function declaresOtherThanJson(event: HttpEvent): string | null {
  const declared = (event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared === '' || declared === 'application/json' || /^application\/[\w.+-]+\+json$/.test(declared)) {
    return null;
  }
  return declared;
}

export function parseBody(event: HttpEvent, maxBytes = MAX_BODY_BYTES): unknown {
  const raw = rawBody(event, maxBytes);
  if (raw === '') return undefined;
  const declared = declaresOtherThanJson(event);
  if (declared !== null) {
    throw new UnsupportedMediaTypeError(
      `The request body must be JSON, sent with Content-Type: application/json (not ${declared})`,
    );
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError('The request body is not valid JSON', 'invalid_json');
  }
}

/**
 * A message a schema wrote itself (the spec's wording: 'No Content Types Selected', 'Please enter a
 * topic') is shown as written; zod's generic English ones ('Too big: expected …') and a schema's
 * fragments ('must be a media path …', lower case) are prefixed with the field they are about. A message
 * is zod's own when it is exactly what zod's locale says for that issue (docs/architecture.md, "Errors").
 */
export function describeValidationError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid';
  if (issue.path.length === 0 || !(isGenericMessage(issue) || /^[a-z]/.test(issue.message))) {
    return issue.message;
  }
  return `${issue.path.join('.')}: ${issue.message}`;
}

function isGenericMessage(issue: z.core.$ZodIssue): boolean {
  // zod's type errors name what they received, which the finished issue no longer carries.
  if (/^Invalid input\b/.test(issue.message)) return true;
  // A named import, not `z.core.…`: reading the namespace would bundle all of zod's core in every function.
  const generic = config().localeError?.(issue as unknown as z.core.$ZodRawIssue);
  return (typeof generic === 'string' ? generic : generic?.message) === issue.message;
}

export function validate<Body>(schema: z.core.$ZodType<Body> | undefined, value: unknown): Body {
  if (!schema) return undefined as Body;
  const result = z.safeParse(schema, value ?? {});
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  return result.data;
}

function reply(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result instanceof HttpFileResult) {
    return {
      statusCode: 200,
      headers: {
        'content-type': result.contentType,
        'cache-control': 'no-store',
        ...(result.fileName ? { 'content-disposition': `attachment; filename="${result.fileName}"` } : {}),
      },
      body: result.body,
    };
  }
  if (result instanceof HttpResult) {
    // A reply without a body (a redirect, a 204) has no content type to declare.
    const { 'content-type': _json, ...bodiless } = jsonHeaders;
    return {
      statusCode: result.statusCode,
      headers: { ...(result.body === undefined ? bodiless : jsonHeaders), ...result.headers },
      body: result.body === undefined ? '' : JSON.stringify(result.body),
    };
  }
  return {
    statusCode: result === undefined ? 204 : 200,
    headers: jsonHeaders,
    body: result === undefined ? '' : JSON.stringify(result),
  };
}

export function errorReply(error: unknown, event?: HttpEvent): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      headers: { ...jsonHeaders, ...error.headers },
      body: JSON.stringify({ error: { code: error.code, message: error.message, ...error.details } }),
    };
  }
  logger.error('Unhandled error', { error, routeKey: event?.routeKey, stack: readableStack(error) });
  return {
    statusCode: 500,
    headers: jsonHeaders,
    body: JSON.stringify({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    }),
  };
}

export function requestOf<Body>(event: HttpEvent, body: Body, context?: Context): HttpRequest<Body> {
  return {
    event,
    body,
    params: (event.pathParameters ?? {}) as Record<string, string>,
    query: event.queryStringParameters ?? {},
    userAgent: event.headers?.['user-agent'] ?? null,
    remainingTimeMs: () => context?.getRemainingTimeInMillis() ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * Lambda ends an invocation at its timeout with no reply at all; the wrapper gives up this long before,
 * with a TimeoutError as middy's early timeout did when it wrapped the handlers, so a handler that hangs
 * ends the same way in AWS and locally (the local runner counts the time down but stops nothing).
 */
const TIMEOUT_EARLY_MS = 5;

function invocationTimeout(): Error {
  const error = new Error('[AbortError]: The operation was aborted.');
  error.name = 'TimeoutError';
  return error;
}

async function beforeTimeout<Result>(work: Promise<Result>, context: Context | undefined): Promise<Result> {
  // A context without a countdown (a test's) has no deadline to keep.
  if (typeof context?.getRemainingTimeInMillis !== 'function') return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(invocationTimeout()),
      context.getRemainingTimeInMillis() - TIMEOUT_EARLY_MS,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Lambda handler of a route: the handler's result as a reply, any error as the error reply. A plain
 * function: middy wrapped it once, with no middleware, and middy's own middlewares (JSON body parser,
 * error handler, validator) would change the replies' bytes (docs/decisions.md, "HTTP wrapper").
 */
/** Headers a request's handling adds to its reply, whatever it answers (the key's rate limit). */
const addedHeaders = new WeakMap<HttpEvent, Record<string, string>>();

export function addReplyHeaders(event: HttpEvent, headers: Readonly<Record<string, string>>): void {
  addedHeaders.set(event, { ...addedHeaders.get(event), ...headers });
}

/**
 * Every reply names its request (`x-request-id`, API Gateway's request id, which its access log and the
 * function's logs carry too), so an integrator can quote it.
 */
function withRequestHeaders(
  event: HttpEvent,
  replied: APIGatewayProxyStructuredResultV2,
): APIGatewayProxyStructuredResultV2 {
  return {
    ...replied,
    headers: {
      ...replied.headers,
      ...addedHeaders.get(event),
      ...(event.requestContext?.requestId ? { 'x-request-id': event.requestContext.requestId } : {}),
    },
  };
}

export function wrap(
  run: (event: HttpEvent, context: Context) => Promise<unknown>,
): (event: HttpEvent, context: Context) => Promise<APIGatewayProxyStructuredResultV2> {
  return (event, context) =>
    beforeTimeout(
      (async () => {
        try {
          return withRequestHeaders(event, reply(await run(event, context)));
        } catch (error) {
          return withRequestHeaders(event, errorReply(error, event));
        }
      })(),
      context,
    );
}
