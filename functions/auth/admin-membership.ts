import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { cognitoClient } from '#functions/commons/clients/cognito';
import { readEnv, requireEnv } from '#functions/commons/env';

/**
 * Whether the user is in the admins group right now, asked of Cognito (the source of truth the token's
 * `cognito:groups` claim is copied from). A token keeps the groups of the moment it was issued for its hour
 * of life; the WebSocket `$connect` asks here instead, so a demoted admin who reconnects with an old token no
 * longer joins the admins' live feed (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API").
 * `userId` is the `sub`, which Cognito accepts as the username (the e-mail is only an alias and may change).
 */
export async function isAdminInUserPool(userId: string): Promise<boolean> {
  const group = readEnv('adminGroup') ?? ADMIN_GROUP_NAME;
  let nextToken: string | undefined;
  do {
    const page = await cognitoClient().send(
      new AdminListGroupsForUserCommand({
        UserPoolId: requireEnv('userPoolId'),
        Username: userId,
        Limit: 60,
        NextToken: nextToken,
      }),
    );
    if (page.Groups?.some((candidate) => candidate.GroupName === group)) return true;
    nextToken = page.NextToken;
  } while (nextToken);
  return false;
}
