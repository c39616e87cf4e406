import {
  type AddToPrincipalPolicyResult,
  PolicyDocument,
  type PolicyStatement,
  Role,
  type RoleProps,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** The name of the one inline policy that holds a function's grants. */
export const ACCESS_POLICY_NAME = 'Access';

/**
 * A Lambda execution role that keeps every grant in one policy inside the role itself (the role's
 * `Policies`), instead of the separate AWS::IAM::Policy resource CDK creates for a role's grants. IAM
 * treats both the same way (each is an inline policy of the role; the same 10,240-character quota
 * applies); the difference is one CloudFormation resource per function, which the stack's 500-resource
 * limit counts (docs/decisions.md). Grants reach it through the role's public
 * `addToPrincipalPolicy`, the hook every CDK `grant*` method and `addToRolePolicy` call.
 *
 * The function depends on its role, so its grants exist before it does, as with CDK's default policy.
 * A grant that names a resource which itself depends on the function would make a cycle here as it
 * would there; the stack's infra test checks the template has none.
 */
export class InlinePolicyRole extends Role {
  private readonly access: PolicyDocument;

  constructor(scope: Construct, id: string, props: RoleProps) {
    const access = new PolicyDocument();
    super(scope, id, { ...props, inlinePolicies: { ...props.inlinePolicies, [ACCESS_POLICY_NAME]: access } });
    this.access = access;
  }

  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.access.addStatements(statement);
    // The role carries the statement, so whatever must wait for the grant waits for the role.
    return { statementAdded: true, policyDependable: this };
  }
}
