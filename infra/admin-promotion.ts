import { CustomResource } from 'aws-cdk-lib';
import type { IUserPool, UserPoolGroup } from 'aws-cdk-lib/aws-cognito';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { AdminPromotionProperties } from '#contract/admin-promotion';
import { backgroundFunctions } from '#contract/routes';
import { AppFunction, type FunctionBuildSettings } from './app-function';
import { acknowledge, acknowledgeManagedPolicy, acknowledgeWildcardResource } from './nag';

export interface AdminPromotionProps {
  readonly settings: FunctionBuildSettings;
  readonly userPool: IUserPool;
  readonly adminGroup: UserPoolGroup;
  readonly groupName: string;
  readonly adminEmails: readonly string[];
}

/** CloudFormation's type name for the one resource that holds the admin list. */
export const ADMIN_PROMOTION_RESOURCE_TYPE = 'Custom::AdminPromotion';

/**
 * The post-confirmation trigger only promotes people who sign up after they are listed. This makes
 * `adminEmails` hold for existing users too
 * (docs/decisions.md, "Admins for existing users, and grants checked both ways"): one custom resource holds
 * the whole list (functions/auth/admin-promotion.ts), so whenever the list changes every listed user with an
 * account joins the admins group, and an address taken off the list leaves it. Its cost in the stack's 500
 * resources is the same for 1 admin or 100: the function, CDK's provider framework (which answers
 * CloudFormation for it) and the resource.
 */
export class AdminPromotion extends Construct {
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: AdminPromotionProps) {
    super(scope, id);
    const { userPool } = props;
    this.handler = new AppFunction(this, 'Handler', {
      settings: props.settings,
      entry: backgroundFunctions.adminPromotion,
      description: 'Deploy: puts the adminEmails users with an account in the admins group',
      environment: {},
      logicalId: 'AdminPromotionFunction',
    });
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
        resources: [userPool.userPoolArn],
      }),
    );
    const provider = new Provider(this, 'Provider', { onEventHandler: this.handler.function });
    const properties: AdminPromotionProperties = {
      UserPoolId: userPool.userPoolId,
      GroupName: props.groupName,
      // Sorted, so reordering the list changes nothing.
      AdminEmails: [...props.adminEmails].sort(),
    };
    const admins = new CustomResource(this, 'Admins', {
      serviceToken: provider.serviceToken,
      resourceType: ADMIN_PROMOTION_RESOURCE_TYPE,
      properties: { ...properties },
    });
    admins.node.addDependency(props.adminGroup);
    this.acknowledgeFramework(provider);
  }

  /** CDK's provider framework function: its findings are CDK's choices, acknowledged on it alone. */
  private acknowledgeFramework(provider: Provider): void {
    const framework = provider.node.findChild('framework-onEvent');
    acknowledgeManagedPolicy(
      framework,
      ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole').managedPolicyArn,
      "CDK's provider framework logs with the basic execution role; it only invokes the promotion function.",
    );
    acknowledgeWildcardResource(
      framework,
      `${this.handler.function.functionArn}:*`,
      "CDK's provider framework may invoke any version of the promotion function, and nothing else.",
    );
    acknowledge(
      framework,
      'AwsSolutions-L1',
      "CDK's provider framework runs on the runtime CDK pins for it.",
    );
  }
}
