import type { APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { hashApiKey, sameHash } from '#functions/api-keys/api-key-secret';
import { findApiKeyByHash, lastUsedIsStale, touchApiKey } from '#functions/api-keys/api-key-store';
import type { AuthorizerContext } from '#functions/commons/caller';
import { type RefusedCredentials, refusedCredentials } from '#functions/commons/credential-refusals';

/**
 * The `lbm_` branch of the HTTP authorizer. The key is hashed and looked up by its hash with one
 * strongly consistent GetItem, so a deactivated or deleted key fails on its next request. Every key,
 * well-formed or not, found or not, takes the same path: hash, one read, one constant-time comparison.
 *
 * A refused key is still "authorized" at the gateway, with an empty caller and the reason
 * (credential-refusals.ts): API Gateway's own 401 body cannot be shaped, and the route's handler
 * answers 401 with the documented `{error: {code, message}}`.
 * Routes that accept keys are not cached by API Gateway (infra/http-api.ts), so a refusal is never reused
 * for a key that becomes valid, nor an acceptance for a key that stops being valid.
 */

/** Compared against when no key matched, so a miss costs what a hit costs. */
const NO_MATCH_HASH = '0'.repeat(64);

export async function authorizeApiKey(
  key: string,
  now = new Date(),
): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext | RefusedCredentials>> {
  const hash = hashApiKey(key);
  const stored = await findApiKeyByHash(hash);
  const matches = sameHash(stored?.keyHash ?? NO_MATCH_HASH, hash);
  if (!stored || !matches || !stored.is_active) {
    return { isAuthorized: true, context: refusedCredentials('invalid_key') };
  }
  if (stored.expires_at && Date.parse(stored.expires_at) <= now.getTime()) {
    return { isAuthorized: true, context: refusedCredentials('expired_key') };
  }
  if (lastUsedIsStale(stored, now)) await touchApiKey(hash, now);
  return {
    isAuthorized: true,
    context: {
      userId: stored.user_id,
      email: stored.user_email,
      isAdmin: stored.ownerIsAdmin,
      authMethod: 'apiKey',
      apiKeyId: stored.id,
      apiKeyScopes: stored.scopes.join(' '),
    },
  };
}
