import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { requireEnv } from '#functions/commons/env';
import { EMAIL_DOMAIN_MESSAGES, isAllowedEmail } from '#shared/email-domain';

/**
 * Cognito pre-sign-up trigger: the server-side gate that only the agency's own domain passes. Throwing
 * rejects the sign-up; Cognito returns "PreSignUp failed with error <message>." to the client, which
 * the sign-up form shows as 'Invalid email domain'.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const domain = requireEnv('allowedEmailDomain');
  const email = event.request.userAttributes.email ?? '';
  if (!isAllowedEmail(email, domain)) {
    throw new Error(EMAIL_DOMAIN_MESSAGES.message(domain));
  }
  return event;
};
