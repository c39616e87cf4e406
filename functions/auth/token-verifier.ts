import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { FetchError, JwksValidationError, JwtBaseError, JwtExpiredError } from 'aws-jwt-verify/error';
import { type Jwks, SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import type { Caller } from '#functions/commons/caller';
import { readEnv, requireEnv } from '#functions/commons/env';
import { checkIdTokenClaims, cognitoIssuer, IdTokenClaimError } from './id-token-claims';

/**
 * Verifies a Cognito ID token (signature against the pool's JWKS, then the claim rules of
 * id-token-claims.ts: required expiry, token_use = id, audience = our app client, issuer = our pool, a
 * verified e-mail in the company domain) and turns it into a Caller. The ID token, not the access
 * token, because it carries the e-mail that access grants are keyed on, and the `cognito:groups` claim.
 * Both authorizers (HTTP and WebSocket) call this, so every request passes the same rules.
 *
 * In AWS the issuer and JWKS come from the pool id; locally cognito-local has its own issuer, given by
 * TOKEN_ISSUER and JWKS_URI.
 */

interface IdTokenVerifier {
  verify(token: string): Promise<Record<string, unknown>>;
  /** Preloads the signing keys (what the verifier would otherwise fetch from JWKS_URI or Cognito). */
  cacheJwks(jwks: Jwks): void;
}

let cached: { key: string; verifier: IdTokenVerifier } | undefined;

/** The signature verifier for the current configuration; exported so tests can preload its JWKS. */
export function idTokenVerifier(): IdTokenVerifier {
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
              if (payload.token_use !== 'id') throw new IdTokenClaimError('Not an ID token');
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

/** The token itself is refused (signature, claims, expiry): the caller's problem, answered with 401. */
export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Whether a verification error is about the token. Anything else (Cognito's JWKS unreachable or
 * malformed) is a fault of ours: it is thrown on, so the authorizer fails, its
 * error alarm fires and API Gateway answers 500, instead of telling the user to sign in again.
 */
function isTokenProblem(error: unknown): boolean {
  if (error instanceof IdTokenClaimError) return true;
  if (!(error instanceof JwtBaseError)) return false;
  // ParameterValidationError stays the token's: aws-jwt-verify raises it for an issuer it was not set up
  // for. Our own configuration is read (requireEnv) before any verification.
  return !(error instanceof FetchError || error instanceof JwksValidationError);
}

/** Accepts `Bearer <jwt>` or a bare token. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (match?.[1]) return match[1];
  const bare = header.trim();
  // `Bearer ` with nothing after it arrives trimmed to the scheme alone: an empty credential.
  return /^\S+$/.test(bare) && bare.toLowerCase() !== 'bearer' ? bare : null;
}

/**
 * Tokens this instance has verified, until they expire: a browser sends the same ID token with every
 * request for up to an hour, and checking its RS256 signature and claims again each time was a measurable
 * share of the local gateway's CPU on the client list (docs/benchmarks.md, "api-throughput"); a warm
 * authorizer Lambda saves the same. The key is the whole token, signature included, with the configuration it
 * was checked against, so only the very same string under the same rules is taken as verified; its expiry is
 * checked on every use.
 */
const verified = new Map<string, { readonly caller: Caller; readonly expiresAtSeconds: number }>();
const MAX_VERIFIED_TOKENS = 1000;

export async function verifyIdToken(token: string): Promise<Caller> {
  const userPoolId = requireEnv('userPoolId');
  const issuer = readEnv('tokenIssuer') ?? cognitoIssuer(userPoolId);
  const clientId = requireEnv('userPoolClientId');
  const allowedEmailDomain = requireEnv('allowedEmailDomain');
  const adminGroup = readEnv('adminGroup') ?? ADMIN_GROUP_NAME;
  const key = [userPoolId, issuer, readEnv('jwksUri'), clientId, allowedEmailDomain, adminGroup, token].join(
    '\n',
  );
  const nowSeconds = Date.now() / 1000;
  const known = verified.get(key);
  if (known) {
    if (known.expiresAtSeconds > nowSeconds) return known.caller;
    verified.delete(key);
  }
  try {
    const payload = await idTokenVerifier().verify(token);
    const identity = checkIdTokenClaims(payload, { issuer, clientId, allowedEmailDomain, nowSeconds });
    const caller: Caller = {
      userId: identity.sub,
      email: identity.email,
      isAdmin: identity.groups.includes(adminGroup),
      authMethod: 'token',
    };
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
    // checkIdTokenClaims has required a numeric `exp`.
    verified.set(key, { caller, expiresAtSeconds: Number(payload.exp) });
    return caller;
  } catch (error) {
    if (!isTokenProblem(error)) throw error;
    const expired =
      error instanceof JwtExpiredError ||
      (error instanceof IdTokenClaimError && error.message === 'Token expired');
    throw new InvalidTokenError(error instanceof Error ? error.message : 'Invalid token', expired);
  }
}
