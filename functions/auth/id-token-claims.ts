import { isAllowedEmail, normalizeEmail } from '#shared/email-domain';

/**
 * The claim rules every ID token must pass once its signature is verified, whichever verifier checked
 * the signature (aws-jwt-verify's Cognito verifier in AWS, its RSA verifier locally). aws-jwt-verify
 * checks `exp` only when the claim is present, so these rules are enforced here, on every path:
 * - `exp` is required and in the future; `token_use` is `id`; `aud` is our app client; `iss` is our pool;
 * - the e-mail is verified and in the company domain. Access grants are keyed on the e-mail, so a token
 *   carrying an unverified or foreign address must never act as that address.
 */

export interface ExpectedIdToken {
  issuer: string;
  clientId: string;
  allowedEmailDomain: string;
  /** Seconds since the epoch. */
  nowSeconds: number;
}

export interface IdTokenIdentity {
  sub: string;
  email: string;
  groups: string[];
}

export class IdTokenClaimError extends Error {
  override readonly name = 'IdTokenClaimError';
}

/** The issuer of a Cognito user pool's tokens in AWS; the region is the pool id's prefix. */
export function cognitoIssuer(userPoolId: string): string {
  const region = userPoolId.split('_')[0] ?? '';
  return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

export function checkIdTokenClaims(
  payload: Readonly<Record<string, unknown>>,
  expected: ExpectedIdToken,
): IdTokenIdentity {
  const { exp, token_use: tokenUse, aud, iss, sub, email, email_verified: emailVerified } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new IdTokenClaimError('Token has no expiry');
  if (exp <= expected.nowSeconds) throw new IdTokenClaimError('Token expired');
  if (tokenUse !== 'id') throw new IdTokenClaimError('Not an ID token');
  if (aud !== expected.clientId) throw new IdTokenClaimError('Token is for another client');
  if (iss !== expected.issuer) throw new IdTokenClaimError('Token is from another issuer');
  if (typeof sub !== 'string' || sub === '') throw new IdTokenClaimError('Token lacks sub');
  const address = typeof email === 'string' ? normalizeEmail(email) : null;
  if (!address) throw new IdTokenClaimError('Token lacks email');
  if (emailVerified !== true) throw new IdTokenClaimError('Token e-mail is not verified');
  if (!isAllowedEmail(address, expected.allowedEmailDomain)) {
    throw new IdTokenClaimError('Token e-mail is outside the company domain');
  }
  const groups = payload['cognito:groups'];
  return {
    sub,
    email: address,
    groups: Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [],
  };
}
