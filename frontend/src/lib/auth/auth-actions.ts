import {
  AuthError,
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignUp as amplifyConfirmSignUp,
  resetPassword as amplifyResetPassword,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  resendSignUpCode,
} from 'aws-amplify/auth';
import { registerAuthServiceErrorCheck } from './auth-service-error';
import { loadAmplify } from './session';

/**
 * The Cognito calls the app makes, with the e-mail as the username. Every sign-in uses
 * USER_PASSWORD_AUTH: cognito-local has no SRP, and the AWS app client enables the same flow, so both
 * runtimes behave alike. Errors are Amplify's AuthError, whose message is the service's own.
 */

registerAuthServiceErrorCheck((error): error is Error => error instanceof AuthError);

export type SignInOutcome = 'signedIn' | 'confirmSignUp';

export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';
  constructor(readonly step: string) {
    super(
      `This account needs a sign-in step the app does not support (${step}). Please contact an administrator.`,
    );
  }
}

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  await loadAmplify();
  const { isSignedIn, nextStep } = await amplifySignIn({
    username: email,
    password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (isSignedIn || nextStep.signInStep === 'DONE') return 'signedIn';
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw new UnsupportedSignInStepError(nextStep.signInStep);
}

export interface SignUpInput {
  email: string;
  password: string;
  /** Optional; stored as the Cognito `name` attribute. */
  displayName?: string;
}

/** Resolves to whether a confirmation code was sent (false when the pool confirmed the user at once). */
export async function signUp({
  email,
  password,
  displayName,
}: SignUpInput): Promise<{ needsConfirmation: boolean }> {
  await loadAmplify();
  const name = displayName?.trim();
  // The pool takes the e-mail from the username; the app client may not write the `email` attribute
  // (access grants are keyed on it), so only the display name is sent.
  const { nextStep } = await amplifySignUp({
    username: email,
    password,
    options: { userAttributes: name ? { name } : {} },
  });
  return { needsConfirmation: nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export async function confirmSignUp(email: string, code: string): Promise<void> {
  await loadAmplify();
  await amplifyConfirmSignUp({ username: email, confirmationCode: code.trim() });
}

export async function resendCode(email: string): Promise<void> {
  await loadAmplify();
  await resendSignUpCode({ username: email });
}

/** Sends a reset code by e-mail (Cognito resets by code, not by link). */
export async function resetPassword(email: string): Promise<void> {
  await loadAmplify();
  await amplifyResetPassword({ username: email });
}

export async function confirmResetPassword(email: string, code: string, newPassword: string): Promise<void> {
  await loadAmplify();
  await amplifyConfirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
}

/** Ends the session in this browser; Amplify removes the stored tokens even if revocation fails. */
export async function signOut(): Promise<void> {
  await loadAmplify();
  await amplifySignOut();
}
