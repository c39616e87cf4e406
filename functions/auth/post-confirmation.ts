import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { cognitoClient } from '#functions/commons/clients/cognito';
import { adminEmails, readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import { normalizeEmail } from '#shared/email-domain';

/**
 * Cognito post-confirmation trigger: e-mails listed in ADMIN_EMAILS join the admins group when they
 * confirm. From then on admin status travels in the token's `cognito:groups` claim.
 */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const email = normalizeEmail(event.request.userAttributes.email ?? '');
  if (email && adminEmails().has(email)) {
    await cognitoClient().send(
      new AdminAddUserToGroupCommand({
        UserPoolId: event.userPoolId,
        Username: event.userName,
        GroupName: readEnv('adminGroup') ?? ADMIN_GROUP_NAME,
      }),
    );
    logger.info('Added user to the admins group', { email });
  }
  return event;
};
