import type * as z from 'zod/mini';
import { INSUFFICIENT_SCOPE_CODE, insufficientScopeMessage } from '#shared/api-keys';
import { type Caller, callerFromAuthorizer } from './caller';
import {
  credentialRefusalMessage,
  isCredentialRefusal,
  presentedInvalidCredentials,
} from './credential-refusals';
import { ForbiddenError, UnauthorizedError } from './errors';
import {
  addReplyHeaders,
  type HttpEvent,
  type HttpRequest,
  hasCsvBody,
  parseBody,
  rawBody,
  requestOf,
  routeAuth,
  routeScope,
  validate,
  wrap,
} from './http-wrap';

export {
  describeValidationError,
  errorReply,
  type HttpEvent,
  HttpFileResult,
  type HttpRequest,
  HttpResult,
  validate,
} from './http-wrap';

/**
 * The wrapper every HTTP route with credentials goes through (public routes use
 * public-http-handler.ts): it finds the route's auth kind in the route table (so a handler cannot
 * disagree with it), enforces it against the authorizer's verdict, counts API-key requests, parses and
 * validates the JSON body with the route's zod schema, and maps typed errors to JSON replies.
 */

export interface AuthenticatedRequest<Body> extends HttpRequest<Body> {
  readonly caller: Caller;
  /** The body as text when the route accepts CSV and the request sent `Content-Type: text/csv`. */
  readonly csv: string | null;
}

/** The caller the authorizer found, or the 401 that says why it found none (credential-refusals.ts). */
function callerOrRefusal(event: HttpEvent): Caller | UnauthorizedError {
  const context = event.requestContext.authorizer?.lambda;
  const caller = callerFromAuthorizer(context);
  if (caller) return caller;
  // The authorizer passes a request without valid credentials on, saying why.
  const refusal = isCredentialRefusal(context?.refusal) ? context.refusal : 'missing';
  return new UnauthorizedError(credentialRefusalMessage(refusal), presentedInvalidCredentials(refusal));
}

/**
 * Only key traffic has a budget; the app's own (login-token) requests are never counted. The limiter
 * (its entity and the toolbox's update action) loads with the first key request: most functions serve
 * the app alone, and the split build (infra/split-bundle.ts) leaves it in a chunk of its own. Its reply
 * carries the key's quota as the IETF draft's `RateLimit-Policy` and `RateLimit` fields say.
 */
async function countKeyRequest(caller: Caller, event: HttpEvent): Promise<void> {
  if (!caller.apiKeyId) return;
  const { consumeApiKeyRequest, rateLimitHeaders, RateLimitedError } = await import(
    '#functions/api-keys/rate-limit'
  );
  try {
    addReplyHeaders(event, rateLimitHeaders(await consumeApiKeyRequest(caller.apiKeyId)));
  } catch (error) {
    if (error instanceof RateLimitedError) addReplyHeaders(event, rateLimitHeaders(error.quota));
    throw error;
  }
}

async function authorize(event: HttpEvent): Promise<Caller | null> {
  const kind = routeAuth(event);
  if (kind === 'public') return null;
  const caller = callerOrRefusal(event);
  if (caller instanceof UnauthorizedError) throw caller;
  if (kind === 'admin' && !caller.isAdmin) throw new ForbiddenError('Only administrators can do this.');
  if ((kind === 'user' || kind === 'admin') && caller.authMethod !== 'token') {
    throw new ForbiddenError('This endpoint is not part of the public API; sign in to use it.');
  }
  requireScope(caller, event);
  await countKeyRequest(caller, event);
  return caller;
}

/** A key may call a route only with the route's scope (docs/decisions.md, "API key scopes"); sign-ins may all. */
function requireScope(caller: Caller, event: HttpEvent): void {
  if (caller.authMethod !== 'apiKey') return;
  const scope = routeScope(event);
  if (scope && !caller.apiKeyScopes?.includes(scope)) {
    throw new ForbiddenError(insufficientScopeMessage(scope), INSUFFICIENT_SCOPE_CODE);
  }
}

/**
 * A route the table marks `apiKey` that also serves callers without credentials who hold a signed
 * link (the media route: an `<img>` cannot send a header): `handle` gets the caller, or null and the
 * 401 to answer when the link does not stand in for credentials either. No body.
 */
export function credentialsOrLinkHandler(options: {
  handle: (
    request: HttpRequest<undefined> & {
      readonly caller: Caller | null;
      readonly refusal: UnauthorizedError | null;
    },
  ) => Promise<unknown>;
}) {
  return wrap(async (event, context) => {
    if (routeAuth(event) !== 'apiKey') {
      throw new ForbiddenError(`Route ${event.routeKey} must take API keys to take signed links too`);
    }
    const found = callerOrRefusal(event);
    const caller = found instanceof UnauthorizedError ? null : found;
    if (caller) {
      requireScope(caller, event);
      await countKeyRequest(caller, event);
    }
    validate(undefined, parseBody(event));
    return options.handle({
      ...requestOf(event, undefined, context),
      caller,
      refusal: found instanceof UnauthorizedError ? found : null,
    });
  });
}

/** What an access check sees: who calls, and the path and query that name the resource. */
export interface AccessRequest {
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
}

/**
 * A route that needs a signed-in caller (or an API key where the table says `apiKey`). The order is
 * fixed: credentials, then `access` (may this caller touch the resource the path names? a client the
 * caller cannot see is a 404), then the body is parsed and validated, then `handle` runs. An outsider
 * therefore learns nothing from a malformed body (docs/decisions.md, "The outside probe's findings").
 */
export function httpHandler<Body = undefined, Access = undefined>(options: {
  body?: z.core.$ZodType<Body>;
  /** A larger body limit for routes that take an upload (image analysis). */
  maxBodyBytes?: number;
  /** Also take a `text/csv` body, handed over as text in `csv` instead of parsed as JSON. */
  acceptsCsv?: boolean;
  access?: (request: AccessRequest) => Promise<Access>;
  handle: (request: AuthenticatedRequest<Body> & { readonly access: Access }) => Promise<unknown>;
}) {
  return wrap(async (event, context) => {
    const caller = await authorize(event);
    if (!caller) throw new UnauthorizedError();
    const unread = requestOf(event, undefined);
    const access = options.access
      ? await options.access({ caller, params: unread.params, query: unread.query })
      : (undefined as Access);
    const csv = options.acceptsCsv && hasCsvBody(event) ? rawBody(event, options.maxBodyBytes) : null;
    // A route without a schema still refuses a malformed body (every body is validated), after access.
    const body =
      csv === null ? validate(options.body, parseBody(event, options.maxBodyBytes)) : (undefined as Body);
    return options.handle({ ...requestOf(event, body, context), caller, access, csv });
  });
}
