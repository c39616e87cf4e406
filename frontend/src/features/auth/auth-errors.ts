import { AuthError } from 'aws-amplify/auth';
import { AUTH_TOASTS } from './messages';

/**
 * The description for a failed Cognito call: the service's own message (spec 000 §8: auth service
 * errors are returned to the caller), or the generic one for anything that is not an auth error.
 */
export function authErrorDescription(error: unknown): string {
  if (error instanceof AuthError && error.message) return error.message;
  if (error instanceof Error && error.name.endsWith('Exception') && error.message) return error.message;
  return AUTH_TOASTS.unexpected;
}

/** Cognito's answer to a wrong, used or expired reset/confirmation code. */
export function isBadCodeError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'CodeMismatchException' || error.name === 'ExpiredCodeException')
  );
}
