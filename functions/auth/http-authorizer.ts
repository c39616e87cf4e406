import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { type AuthorizerContext, toAuthorizerContext } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { isApiKeyCredential } from '#shared/api-keys';
import { bearerToken, verifyIdToken } from './token-verifier';

/**
 * The HTTP API's one Lambda REQUEST authorizer (simple responses). It only authenticates: a valid
 * Cognito ID token becomes the caller context. Throwing `Unauthorized` is how an HTTP API authorizer
 * makes API Gateway answer 401. Route-level rules (admin, token-only) are enforced by the route's own
 * handler (functions/commons/http-handler.ts), because authorizer results are cached per token, not per
 * route.
 */
export const handler = async (
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> => {
  const token = bearerToken(event.headers?.authorization ?? event.identitySource?.[0]);
  if (!token) throw new Error('Unauthorized');
  // An `lbm_` credential is an API key: a separate branch (api-key-authorizer.ts), loaded on demand.
  if (isApiKeyCredential(token)) return (await import('./api-key-authorizer')).authorizeApiKey(token);
  try {
    const caller = await verifyIdToken(token);
    return { isAuthorized: true, context: toAuthorizerContext(caller) };
  } catch (error) {
    logger.info('Token refused', { reason: error instanceof Error ? error.message : String(error) });
    throw new Error('Unauthorized');
  }
};
