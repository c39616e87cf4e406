/**
 * Every user-facing string of the auth screens that the spec fixes (000 §5 and §8), in one place. The
 * e-mail domain messages are shared with the server and live in `#shared/email-domain`.
 */
export const AUTH_TOASTS = {
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created! Please check your email to verify your account.',
  resetEmailSent: 'Reset email sent!',
  passwordUpdated: 'Password updated!',
  errorSigningIn: 'Error signing in',
  errorCreatingAccount: 'Error creating account',
  errorSendingResetEmail: 'Error sending reset email',
  errorUpdatingPassword: 'Error updating password',
  unexpected: 'An unexpected error occurred.',
} as const;

export const AUTH_VALIDATION = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password too short',
  credentialsRequired: 'You must provide either an email or phone number and a password',
} as const;

export const RESET_LINK_MESSAGES = {
  invalidTitle: 'Invalid reset link',
  invalidDescription: 'This password reset link is invalid or has expired. Please request a new one.',
  processingError: 'There was an error processing your password reset. Please try again.',
} as const;

/** A reset code that was mistyped or has expired: the user stays on the form with what they typed. */
export const RESET_CODE_MESSAGES = {
  incorrect: 'Incorrect code',
} as const;

/** One answer for a wrong password and an unknown address, so the form never says which accounts exist. */
export const SIGN_IN_MESSAGES = {
  incorrectCredentials: 'Incorrect email or password.',
} as const;
