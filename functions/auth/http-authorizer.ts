import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { type AuthorizerContext, toAuthorizerContext } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { httpRoutes } from '#infra/routes';
import { isApiKeyCredential } from '#shared/api-keys';
import { authorizeApiKey } from './api-key-authorizer';
import { cameThroughCloudFront } from './origin-verify';
import { bearerToken, verifyIdToken } from './token-verifier';

/**
 * The HTTP API's one Lambda REQUEST authorizer (simple responses). First it refuses (403) a request that
 * did not come through CloudFront, which adds a secret `x-origin-verify` header (issue 17 item 10), so
 * neither a WAF in front of CloudFront nor its logging can be bypassed by calling execute-api directly.
 * Public routes have this check only (their own authorizer, keyed on that header alone). Every other
 * route then needs a valid Cognito ID token, which becomes the caller context; throwing `Unauthorized`
 * is how an HTTP API authorizer makes API Gateway answer 401. Route-level rules (admin, token-only) are
 * enforced by the route's own handler (functions/commons/http-handler.ts), because authorizer results
 * are cached per identity (token and origin header), not per route.
 */

const PUBLIC_ROUTE_KEYS: ReadonlySet<string> = new Set(
  httpRoutes.filter((route) => route.auth === 'public').map((route) => `${route.method} ${route.path}`),
);

export type HttpAuthorizerResult =
  | APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>
  | APIGatewaySimpleAuthorizerResult;

export const handler = async (event: APIGatewayRequestAuthorizerEventV2): Promise<HttpAuthorizerResult> => {
  if (!(await cameThroughCloudFront(event.headers))) {
    logger.info('Request refused: it did not come through CloudFront', { routeKey: event.routeKey });
    return { isAuthorized: false };
  }
  if (PUBLIC_ROUTE_KEYS.has(event.routeKey)) return { isAuthorized: true };
  // Read from the header itself: identitySource also lists the origin header's value.
  const token = bearerToken(event.headers?.authorization);
  if (!token) throw new Error('Unauthorized');
  // An `lbm_` credential is an API key: a separate branch (api-key-authorizer.ts). Imported statically:
  // behind a dynamic import esbuild still inlined it, wrapped so that the whole DynamoDB client package
  // stayed in the bundle (369 KB against 305, and 12 ms more import CPU on this machine).
  if (isApiKeyCredential(token)) return authorizeApiKey(token);
  try {
    const caller = await verifyIdToken(token);
    return { isAuthorized: true, context: toAuthorizerContext(caller) };
  } catch (error) {
    logger.info('Token refused', { reason: error instanceof Error ? error.message : String(error) });
    throw new Error('Unauthorized');
  }
};
