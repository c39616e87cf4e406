/**
 * The password rule of spec 000 §5: at least 6 characters, nothing else. The sign-up and reset forms,
 * the Cognito user pool (infra/auth.ts) and the local pool all use this one number.
 */
export const MIN_PASSWORD_LENGTH = 6;
