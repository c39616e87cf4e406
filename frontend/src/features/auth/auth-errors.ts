import { isAuthServiceError } from '@/lib/auth/auth-service-error';
import { AUTH_TOASTS } from './messages';

/**
 * The description for a failed Cognito call: the service's own message (spec 000 §8: auth service
 * errors are returned to the caller), or the generic one for anything that is not an auth error.
 */
export function authErrorDescription(error: unknown): string {
  if (isAuthServiceError(error) && error.message) return error.message;
  if (error instanceof Error && error.name.endsWith('Exception') && error.message) return error.message;
  return AUTH_TOASTS.unexpected;
}

/** Cognito's answer to a wrong or used code ('incorrect') or an expired one ('expired'); null otherwise. */
export function isBadCodeError(error: unknown): 'incorrect' | 'expired' | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'CodeMismatchException') return 'incorrect';
  if (error.name === 'ExpiredCodeException') return 'expired';
  return null;
}

/**
 * Cognito's answers to a failed sign-in that concern the credentials themselves. With
 * PreventUserExistenceErrors both runtimes already answer alike; the form shows one message for all of
 * them anyway, so no configuration can make it tell a stranger which addresses have accounts.
 */
const CREDENTIAL_ERRORS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
]);

export function isCredentialsError(error: unknown): boolean {
  return error instanceof Error && CREDENTIAL_ERRORS.has(error.name) && !/disabled/i.test(error.message);
}
