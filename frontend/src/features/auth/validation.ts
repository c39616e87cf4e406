import { EMAIL_DOMAIN_MESSAGES, isAllowedEmail, normalizeEmail } from '#shared/email-domain';
import { MIN_PASSWORD_LENGTH } from '#shared/password-policy';
import { AUTH_VALIDATION } from './messages';

/** The auth form field a problem belongs to, where it is shown next to the toast. */
export type AuthField = 'email' | 'password' | 'confirmation' | 'code';

/** A problem to show as a destructive toast: its title and description, and the field at fault. */
export interface FormProblem {
  readonly title: string;
  readonly description: string;
  readonly field?: AuthField;
}

/**
 * The address as it is sent to Cognito: trimmed, and lower-cased when well formed so that one person
 * always has one username whatever they type.
 */
export function canonicalEmail(email: string): string {
  const trimmed = email.trim();
  return normalizeEmail(trimmed) ?? trimmed;
}

function credentialsProblem(title: string, email: string, password: string): FormProblem | null {
  if (email.trim() === '') return { title, description: AUTH_VALIDATION.credentialsRequired, field: 'email' };
  if (password === '') return { title, description: AUTH_VALIDATION.credentialsRequired, field: 'password' };
  return null;
}

/** The same rule the pre-sign-up trigger applies on the server (`#shared/email-domain`). */
function domainProblem(email: string, domain: string): FormProblem | null {
  return isAllowedEmail(canonicalEmail(email), domain)
    ? null
    : {
        title: EMAIL_DOMAIN_MESSAGES.title,
        description: EMAIL_DOMAIN_MESSAGES.message(domain),
        field: 'email',
      };
}

export function newPasswordProblem(password: string, confirmation?: string): FormProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      title: AUTH_VALIDATION.passwordTooShort,
      description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
      field: 'password',
    };
  }
  if (confirmation !== undefined && password !== confirmation) {
    return {
      title: AUTH_VALIDATION.passwordsDoNotMatch,
      description: 'Please enter the same password twice.',
      field: 'confirmation',
    };
  }
  return null;
}

export function signInProblem(
  input: { email: string; password: string },
  domain: string,
  title: string,
): FormProblem | null {
  return credentialsProblem(title, input.email, input.password) ?? domainProblem(input.email, domain);
}

export function signUpProblem(
  input: { email: string; password: string },
  domain: string,
  title: string,
): FormProblem | null {
  return (
    credentialsProblem(title, input.email, input.password) ??
    domainProblem(input.email, domain) ??
    newPasswordProblem(input.password)
  );
}

export function resetProblem(
  input: { email: string; code: string; password: string; confirmation: string },
  title: string,
): FormProblem | null {
  if (input.email.trim() === '' || input.code.trim() === '') {
    return {
      title,
      description: 'Enter your email and the code from the reset email.',
      field: input.email.trim() === '' ? 'email' : 'code',
    };
  }
  return newPasswordProblem(input.password, input.confirmation);
}
