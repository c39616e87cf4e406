import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CdkCustomResourceEvent, CdkCustomResourceResponse } from 'aws-lambda';
import type { AdminPromotionProperties } from '#contract/admin-promotion';
import { cognitoClient } from '#functions/commons/clients/cognito';
import { logger } from '#functions/commons/logger';

/**
 * The deploy-time half of `adminEmails`
 * (docs/decisions.md, "Admins for existing users, and grants checked both ways"): a CloudFormation custom
 * resource, run by CDK's provider framework (infra/admin-promotion.ts), that holds the whole list. On create
 * and on every change it adds each listed user who already has an account to the admins group (one who has
 * not signed up yet is skipped; the post-confirmation trigger promotes them later), and takes out of the
 * group the addresses that left the list. Deleting it takes the listed users out. One resource for any number
 * of admins: the stack's resource budget does not grow with the list.
 */

type PromotionEvent = CdkCustomResourceEvent<AdminPromotionProperties & { ServiceToken: string }>;

type Membership = typeof AdminAddUserToGroupCommand | typeof AdminRemoveUserFromGroupCommand;

export interface PromotionOutcome {
  readonly added: number;
  readonly removed: number;
  /** Listed addresses with no account yet. */
  readonly notSignedUp: number;
}

/** Adds or removes one user; false when there is no such user (nothing to do, as in AWS's own console). */
async function change(Action: Membership, properties: AdminPromotionProperties, email: string) {
  try {
    await cognitoClient().send(
      new Action({
        UserPoolId: properties.UserPoolId,
        // An e-mail is a sign-in alias of the pool, which Cognito's admin calls accept as the username.
        Username: email,
        GroupName: properties.GroupName,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException) return false;
    throw error;
  }
}

async function applyAll(
  action: Membership,
  properties: AdminPromotionProperties,
  emails: readonly string[],
): Promise<{ changed: number; missing: number }> {
  let changed = 0;
  let missing = 0;
  // One at a time: a list of admins is short, and Cognito's admin calls are rate-limited per pool.
  for (const email of emails) {
    if (await change(action, properties, email)) changed += 1;
    else missing += 1;
  }
  return { changed, missing };
}

/** What the custom resource does for one CloudFormation event. */
export async function promoteAdmins(event: PromotionEvent): Promise<PromotionOutcome> {
  const properties = event.ResourceProperties;
  const listed = [...new Set(properties.AdminEmails)];
  if (event.RequestType === 'Delete') {
    const removed = await applyAll(AdminRemoveUserFromGroupCommand, properties, listed);
    return { added: 0, removed: removed.changed, notSignedUp: 0 };
  }
  const added = await applyAll(AdminAddUserToGroupCommand, properties, listed);
  const previous = event.RequestType === 'Update' ? event.OldResourceProperties : undefined;
  // Only from the same pool and group: after a pool or group change the old one is not ours to edit.
  const leaving =
    previous && previous.UserPoolId === properties.UserPoolId && previous.GroupName === properties.GroupName
      ? previous.AdminEmails.filter((email) => !listed.includes(email))
      : [];
  const removed = await applyAll(AdminRemoveUserFromGroupCommand, properties, leaving);
  return { added: added.changed, removed: removed.changed, notSignedUp: added.missing };
}

export const handler = async (event: PromotionEvent): Promise<CdkCustomResourceResponse> => {
  const outcome = await promoteAdmins(event);
  logger.info('Applied the admin list to the admins group', { requestType: event.RequestType, ...outcome });
  return {
    // One resource per pool and group: the same id on every update, so no update is a replacement.
    PhysicalResourceId: `${event.ResourceProperties.UserPoolId}/${event.ResourceProperties.GroupName}`,
    Data: { ...outcome },
  };
};
