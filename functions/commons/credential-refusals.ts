import type { Caller } from './caller';

/**
 * Why the HTTP authorizer found no caller in a request's credentials. It never throws
 * for these: a thrown error is a Lambda failure (it trips the authorizer-error alarm) and API Gateway
 * answers it with a body of its own; a request without valid credentials is passed on with an empty
 * caller and this reason, and the route's handler answers 401 with the API's `{error: {code, message}}`
 * and a Bearer challenge (docs/decisions.md, "One error shape").
 */
export const CREDENTIAL_REFUSALS = [
  /** No Authorization header. */
  'missing',
  /** Another scheme (`Basic …`) or an empty `Bearer`. */
  'not_bearer',
  /** A login token whose signature or claims do not check out. */
  'invalid_token',
  'expired_token',
  /** An `lbm_` key that is unknown, deactivated or deleted. */
  'invalid_key',
  /** An `lbm_` key past its `expires_at`. */
  'expired_key',
] as const;

export type CredentialRefusal = (typeof CREDENTIAL_REFUSALS)[number];

/** The context an authorizer returns for a request it found no caller in. */
export interface RefusedCredentials {
  readonly userId: '';
  readonly email: '';
  readonly isAdmin: false;
  readonly authMethod: Caller['authMethod'];
  readonly refusal: CredentialRefusal;
}

export function refusedCredentials(refusal: CredentialRefusal): RefusedCredentials {
  return {
    userId: '',
    email: '',
    isAdmin: false,
    authMethod: refusal === 'invalid_key' || refusal === 'expired_key' ? 'apiKey' : 'token',
    refusal,
  };
}

export function isCredentialRefusal(value: unknown): value is CredentialRefusal {
  return typeof value === 'string' && (CREDENTIAL_REFUSALS as readonly string[]).includes(value);
}

const MESSAGES: Record<CredentialRefusal, string> = {
  missing: 'Sign in, or send an API key as Authorization: Bearer lbm_….',
  not_bearer: 'Send the API key or sign-in token as Authorization: Bearer <key or token>.',
  invalid_token: 'The sign-in token is not valid. Sign in again.',
  expired_token: 'The sign-in has expired. Sign in again.',
  invalid_key: 'The API key is invalid or inactive.',
  expired_key: 'The API key has expired. Create a new one on the API Keys page.',
};

export function credentialRefusalMessage(refusal: CredentialRefusal): string {
  return MESSAGES[refusal];
}

/** RFC 6750: credentials that were sent but are not valid carry `error="invalid_token"`. */
export function presentedInvalidCredentials(refusal: CredentialRefusal): boolean {
  return (
    refusal === 'invalid_token' ||
    refusal === 'expired_token' ||
    refusal === 'invalid_key' ||
    refusal === 'expired_key'
  );
}
