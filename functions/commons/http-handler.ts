import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithLambdaAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import { type AuthKind, httpRoutes } from '#infra/routes';
import * as z from '#shared/validation/zod';
import { type Caller, callerFromAuthorizer } from './caller';
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  PayloadTooLargeError,
  UnauthorizedError,
} from './errors';
import { logger } from './logger';

/**
 * The one wrapper every HTTP route handler goes through: it finds the route's auth kind in the route
 * table (so a handler cannot disagree with it), enforces it against the authorizer's verdict, parses and
 * validates the JSON body with the route's zod schema, and maps typed errors to JSON replies.
 */

export type HttpEvent = APIGatewayProxyEventV2WithLambdaAuthorizer<Record<string, unknown>>;

export interface HttpRequest<Body> {
  readonly event: HttpEvent;
  readonly body: Body;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly userAgent: string | null;
}

export interface AuthenticatedRequest<Body> extends HttpRequest<Body> {
  readonly caller: Caller;
}

/** A reply with a status other than 200, or extra headers. */
export class HttpResult {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

const INVALID_API_KEY = 'The API key is invalid or inactive.';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

const authKinds = new Map(httpRoutes.map((route) => [`${route.method} ${route.path}`, route.auth]));

function routeAuth(event: HttpEvent): AuthKind {
  const kind = authKinds.get(event.routeKey);
  // An unknown route key means the handler was wired to a route the table does not list: fail closed.
  if (!kind) throw new ForbiddenError(`Route ${event.routeKey} is not in the route table`);
  return kind;
}

async function authorize(event: HttpEvent): Promise<Caller | null> {
  const kind = routeAuth(event);
  if (kind === 'public') return null;
  const context = event.requestContext.authorizer?.lambda;
  const caller = callerFromAuthorizer(context);
  if (!caller) throw new UnauthorizedError(context?.authMethod === 'apiKey' ? INVALID_API_KEY : undefined);
  if (kind === 'admin' && !caller.isAdmin) throw new ForbiddenError('Only administrators can do this.');
  if ((kind === 'user' || kind === 'admin') && caller.authMethod !== 'token') {
    throw new ForbiddenError('This endpoint is not part of the public API; sign in to use it.');
  }
  // Only key traffic has a budget; the app's own (login-token) requests are never counted.
  if (caller.apiKeyId) {
    // Loaded only for key traffic: handlers that never see a key never initialize the counter's module.
    const { consumeApiKeyRequest } = await import('#functions/api-keys/rate-limit');
    await consumeApiKeyRequest(caller.apiKeyId);
  }
  return caller;
}

function parseBody(event: HttpEvent, maxBytes = MAX_BODY_BYTES): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > maxBytes) {
    throw new PayloadTooLargeError(
      `The request body is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
    );
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError('The request body is not valid JSON', 'invalid_json');
  }
}

/** Spec messages ("Please enter ...") are shown as written; generic ones are prefixed with the field. */
export function describeValidationError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid';
  if (issue.message.startsWith('Please') || issue.path.length === 0) return issue.message;
  return `${issue.path.join('.')}: ${issue.message}`;
}

function validate<Body>(schema: z.core.$ZodType<Body> | undefined, value: unknown): Body {
  if (!schema) return undefined as Body;
  const result = z.safeParse(schema, value ?? {});
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  return result.data;
}

function reply(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result instanceof HttpResult) {
    return {
      statusCode: result.statusCode,
      headers: { ...jsonHeaders, ...result.headers },
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
      body: JSON.stringify({ error: { code: error.code, message: error.message } }),
    };
  }
  logger.error('Unhandled error', { error, routeKey: event?.routeKey, stack: (error as Error)?.stack });
  return {
    statusCode: 500,
    headers: jsonHeaders,
    body: JSON.stringify({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    }),
  };
}

function requestOf<Body>(event: HttpEvent, body: Body): HttpRequest<Body> {
  return {
    event,
    body,
    params: (event.pathParameters ?? {}) as Record<string, string>,
    query: event.queryStringParameters ?? {},
    userAgent: event.headers?.['user-agent'] ?? null,
  };
}

function wrap(run: (event: HttpEvent) => Promise<unknown>) {
  return middy<HttpEvent, APIGatewayProxyStructuredResultV2>().handler(async (event) => {
    try {
      return reply(await run(event));
    } catch (error) {
      return errorReply(error, event);
    }
  });
}

/** A route that needs a signed-in caller (or an API key where the table says `apiKey`). */
export function httpHandler<Body = undefined>(options: {
  body?: z.core.$ZodType<Body>;
  /** A larger body limit for routes that take an upload (image analysis). */
  maxBodyBytes?: number;
  handle: (request: AuthenticatedRequest<Body>) => Promise<unknown>;
}) {
  return wrap(async (event) => {
    const caller = await authorize(event);
    if (!caller) throw new UnauthorizedError();
    const body = validate(options.body, parseBody(event, options.maxBodyBytes));
    return options.handle({ ...requestOf(event, body), caller });
  });
}

/**
 * A route the table marks `public`. It never looks at credentials, so it does not go through
 * `authorize`: that keeps the API-key rate limiter (and with it the DynamoDB client and ElectroDB, which
 * esbuild inlines even behind a dynamic import) out of the public handlers' bundles.
 */
export function publicHttpHandler<Body = undefined>(options: {
  body?: z.core.$ZodType<Body>;
  handle: (request: HttpRequest<Body>) => Promise<unknown>;
}) {
  return wrap(async (event) => {
    // Wired to a route that needs credentials by mistake: fail closed rather than serve it unchecked.
    if (routeAuth(event) !== 'public') {
      throw new ForbiddenError(`Route ${event.routeKey} is not a public route`);
    }
    const body = validate(options.body, parseBody(event));
    return options.handle(requestOf(event, body));
  });
}
