import { createHash } from 'node:crypto';
import { Stack } from 'aws-cdk-lib';
import type { IUserPool, UserPoolGroup } from 'aws-cdk-lib/aws-cognito';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeManagedPolicy } from './nag';

export interface AdminPromotionProps {
  readonly userPool: IUserPool;
  readonly adminGroup: UserPoolGroup;
  readonly groupName: string;
  readonly adminEmails: readonly string[];
}

/** One custom resource per address, so its id does not move when the list is reordered. */
export function promotionId(email: string): string {
  return `Promote${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 12)}`;
}

/**
 * The post-confirmation trigger only promotes people who sign up after they are listed. This makes
 * `adminEmails` hold for existing users too (issue 17 item 9): each listed address is added to the
 * admins group when it is added to the list (a user who has not signed up yet is skipped, and the
 * trigger promotes them later), and removed from the group when it leaves the list.
 */
export class AdminPromotion extends Construct {
  constructor(scope: Construct, id: string, props: AdminPromotionProps) {
    super(scope, id);
    const { userPool, adminGroup, groupName, adminEmails } = props;
    const call = (action: 'AdminAddUserToGroup' | 'AdminRemoveUserFromGroup', email: string): AwsSdkCall => ({
      service: '@aws-sdk/client-cognito-identity-provider',
      action,
      parameters: { UserPoolId: userPool.userPoolId, Username: email, GroupName: groupName },
      physicalResourceId: PhysicalResourceId.of(`${groupName}:${email.toLowerCase()}`),
      // Not signed up yet: nothing to add (or, on removal, nothing left to remove).
      ignoreErrorCodesMatching: 'UserNotFoundException',
    });
    const policy = AwsCustomResourcePolicy.fromStatements([
      new PolicyStatement({
        actions: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
        resources: [userPool.userPoolArn],
      }),
    ]);
    for (const email of adminEmails) {
      const promotion = new AwsCustomResource(this, promotionId(email), {
        onCreate: call('AdminAddUserToGroup', email),
        onUpdate: call('AdminAddUserToGroup', email),
        onDelete: call('AdminRemoveUserFromGroup', email),
        policy,
        installLatestAwsSdk: false,
      });
      promotion.node.addDependency(adminGroup);
    }
    if (adminEmails.length > 0) this.acknowledgeProvider();
  }

  /**
   * The provider function is CDK's own stack-level singleton (one for every AwsCustomResource); its
   * findings are CDK's choices, acknowledged on it alone so they cover nothing of ours.
   */
  private acknowledgeProvider(): void {
    for (const child of Stack.of(this).node.children) {
      if (!child.node.id.startsWith(AWS_CUSTOM_RESOURCE_PROVIDER_ID)) continue;
      acknowledgeManagedPolicy(
        child,
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn,
        "CDK's AwsCustomResource provider logs with the basic execution role; it makes only the calls its policies allow.",
      );
      acknowledge(
        child,
        'AwsSolutions-L1',
        "CDK's AwsCustomResource provider runs on the runtime CDK pins for it.",
      );
    }
  }
}

/** The construct id CDK gives the AwsCustomResource provider singleton. */
const AWS_CUSTOM_RESOURCE_PROVIDER_ID = 'AWS679f53fac002430cb0da5b7982bd2287';
