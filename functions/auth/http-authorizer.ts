import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { httpRoutes, UNMATCHED_ROUTE_KEY } from '#contract/routes';
import { type AuthorizerContext, toAuthorizerContext } from '#functions/commons/caller';
import {
  type CredentialRefusal,
  type RefusedCredentials,
  refusedCredentials,
} from '#functions/commons/credential-refusals';
import { logger } from '#functions/commons/logger';
import { isApiKeyCredential } from '#shared/api-keys';
import { authorizeApiKey } from './api-key-authorizer';
import { cameThroughCloudFront } from './origin-verify';
import { bearerToken, InvalidTokenError, verifyIdToken } from './token-verifier';

/**
 * The HTTP API's one Lambda REQUEST authorizer (simple responses). First it refuses (403) a request that
 * did not come through CloudFront, which adds a secret `x-origin-verify` header, so
 * neither a WAF in front of CloudFront nor its logging can be bypassed by calling execute-api directly.
 * Public routes (and `$default`, which answers unmatched requests) have this check only. Every other
 * route then reads the Authorization header: a valid Cognito ID token or `lbm_` key becomes the caller
 * context; anything else (no header, another scheme, a refused token or key) goes on with an empty
 * caller and the reason, and the route's handler answers 401 in the API's error shape. It throws only
 * for a fault of its own (Cognito's keys unreachable), so its error alarm means a real failure.
 * Route-level rules (admin, token-only) are enforced by the route's own handler
 * (functions/commons/http-handler.ts).
 */

const PUBLIC_ROUTE_KEYS: ReadonlySet<string> = new Set([
  ...httpRoutes.filter((route) => route.auth === 'public').map((route) => `${route.method} ${route.path}`),
  UNMATCHED_ROUTE_KEY,
]);

export type HttpAuthorizerResult =
  | APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext | RefusedCredentials>
  | APIGatewaySimpleAuthorizerResult;

export const handler = async (event: APIGatewayRequestAuthorizerEventV2): Promise<HttpAuthorizerResult> => {
  if (!(await cameThroughCloudFront(event.headers))) {
    logger.info('Request refused: it did not come through CloudFront', { routeKey: event.routeKey });
    return { isAuthorized: false };
  }
  if (PUBLIC_ROUTE_KEYS.has(event.routeKey)) return { isAuthorized: true };
  // Read from the header itself: the identity source is the origin header alone (infra/http-api.ts).
  const header = event.headers?.authorization ?? '';
  if (header.trim() === '') return refused('missing');
  const token = bearerToken(header);
  if (!token) return refused('not_bearer');
  // An `lbm_` credential is an API key: a separate branch (api-key-authorizer.ts). Imported statically:
  // behind a dynamic import esbuild still inlined it, wrapped so that the whole DynamoDB client package
  // stayed in the bundle, larger and slower to import (docs/benchmarks.md, "lambda-bundle").
  if (isApiKeyCredential(token)) return authorizeApiKey(token);
  try {
    const caller = await verifyIdToken(token);
    return { isAuthorized: true, context: toAuthorizerContext(caller) };
  } catch (error) {
    // Only a refused token is the caller's problem; a fault (JWKS unreachable) is thrown on: 500, alarm.
    if (!(error instanceof InvalidTokenError)) throw error;
    logger.info('Token refused', { reason: error.message });
    return refused(error.expired ? 'expired_token' : 'invalid_token');
  }
};

/**
 * A request without valid credentials goes on with an empty caller and the reason: the route's handler
 * answers 401 in the API's error shape. Never a thrown error (a Lambda failure, which trips the
 * authorizer's error alarm and gets API Gateway's own body) nor `isAuthorized: false` (API Gateway's
 * 403, also with its own body). docs/decisions.md, "One error shape".
 */
function refused(refusal: CredentialRefusal): HttpAuthorizerResult {
  return { isAuthorized: true, context: refusedCredentials(refusal) };
}
