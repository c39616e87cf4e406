import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Caller } from '#functions/commons/caller';
import { readEnv, requireEnv } from '#functions/commons/env';
import { ADMIN_GROUP_NAME } from '#infra/routes';
import { normalizeEmail } from '#shared/email-domain';

/**
 * Verifies a Cognito ID token (signature against the pool's JWKS, issuer, audience = our app client,
 * expiry, token_use = id) and turns it into a Caller. The ID token, not the access token, because it
 * carries the e-mail that access grants are keyed on, and the `cognito:groups` claim.
 *
 * In AWS the issuer and JWKS come from the pool id; locally cognito-local has its own issuer, given by
 * TOKEN_ISSUER and JWKS_URI.
 */

interface IdTokenVerifier {
  verify(token: string): Promise<Record<string, unknown>>;
}

let cached: { key: string; verifier: IdTokenVerifier } | undefined;

function verifier(): IdTokenVerifier {
  const userPoolId = requireEnv('userPoolId');
  const clientId = requireEnv('userPoolClientId');
  const issuer = readEnv('tokenIssuer');
  const jwksUri = readEnv('jwksUri');
  const key = [userPoolId, clientId, issuer, jwksUri].join('|');
  if (cached?.key === key) return cached.verifier;
  const created: IdTokenVerifier =
    issuer && jwksUri
      ? JwtRsaVerifier.create(
          {
            issuer,
            jwksUri,
            audience: clientId,
            customJwtCheck: ({ payload }) => {
              if (payload.token_use !== 'id') throw new Error('Not an ID token');
            },
          },
          { jwksCache: localJwksCache() },
        )
      : CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
  cached = { key, verifier: created };
  return created;
}

/**
 * aws-jwt-verify only fetches JWKS over https; cognito-local serves them over http on 127.0.0.1. This
 * cache is used only when TOKEN_ISSUER/JWKS_URI are set, which the AWS stack never does.
 */
function localJwksCache(): SimpleJwksCache {
  return new SimpleJwksCache({
    fetcher: {
      fetch: async (uri) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS request failed with ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
}

export class InvalidTokenError extends Error {}

/** Accepts `Bearer <jwt>` or a bare token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1]) return match[1];
  return /^\S+$/.test(header.trim()) ? header.trim() : null;
}

export async function verifyIdToken(token: string): Promise<Caller> {
  let payload: Record<string, unknown>;
  try {
    payload = await verifier().verify(token);
  } catch (error) {
    throw new InvalidTokenError(error instanceof Error ? error.message : 'Invalid token');
  }
  const email = typeof payload.email === 'string' ? normalizeEmail(payload.email) : null;
  const sub = payload.sub;
  if (typeof sub !== 'string' || !email) throw new InvalidTokenError('Token lacks sub or email');
  const groups = Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'] : [];
  return {
    userId: sub,
    email,
    isAdmin: groups.includes(readEnv('adminGroup') ?? ADMIN_GROUP_NAME),
    authMethod: 'token',
  };
}
