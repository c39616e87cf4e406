/**
 * Whether an error is Amplify's `AuthError`, whose message is the auth service's own (spec 000 §8). The
 * class lives in the Amplify SDK, which the first load of `/auth` leaves out, so
 * auth-actions.ts registers the check when it loads. Every Cognito call the app makes goes through that
 * module, so an error from one can only be caught after it has loaded; until then no error is one.
 */
type ErrorCheck = (error: unknown) => error is Error;

let check: ErrorCheck = (error: unknown): error is Error => false;

export function isAuthServiceError(error: unknown): error is Error {
  return check(error);
}

/** Called once, by auth-actions.ts. */
export function registerAuthServiceErrorCheck(next: ErrorCheck): void {
  check = next;
}
