import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP_NAME } from '#contract/routes';
import { ADMIN_PROMOTION_RESOURCE_TYPE } from '#infra/admin-promotion';
import {
  buildApp,
  logicalIdOf,
  resourcesOf,
  resourcesOfType,
  statementsOfFunction,
  TEST_DOMAIN,
} from './fixture';

/**
 * docs/decisions.md, "Admins for existing users, and grants checked both ways": changing `adminEmails`
 * promotes users who exist already, through one custom resource that holds the whole list (its handler:
 * functions/auth/admin-promotion.ts, tested in test/integration/admin-promotion.test.ts), so the stack does
 * not grow with the list.
 */

const BOSS = `boss@${TEST_DOMAIN}`;
const LEAD = `lead@${TEST_DOMAIN}`;
let synthesized: Template | undefined;

/** One synthesis for the file, with two admin addresses (synthesis takes seconds). */
function template(): Template {
  synthesized ??= Template.fromStack(buildApp({ context: { adminEmails: `${LEAD},${BOSS}` } }).stack);
  return synthesized;
}

describe('admin promotion', () => {
  it('hands the whole list, sorted, to one custom resource on the admins group of this pool', () => {
    const promotions = resourcesOfType(template(), ADMIN_PROMOTION_RESOURCE_TYPE);
    expect(promotions).toHaveLength(1);
    const [, promotion] = promotions[0] ?? [];
    const poolId = logicalIdOf(template(), 'AWS::Cognito::UserPool', 'AuthUserPool');
    expect(promotion?.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      GroupName: ADMIN_GROUP_NAME,
      AdminEmails: [BOSS, LEAD],
    });
    // The group exists before anyone is added to it.
    const groupId = logicalIdOf(template(), 'AWS::Cognito::UserPoolGroup', 'AuthUserPoolAdmins');
    expect(promotion?.DependsOn).toContain(groupId);
    expect(resourcesOfType(template(), 'Custom::AWS')).toEqual([]);
  });

  it('is answered by the promotion function through CDK’s provider framework', () => {
    const [, promotion] = resourcesOfType(template(), ADMIN_PROMOTION_RESOURCE_TYPE)[0] ?? [];
    const token = JSON.stringify(promotion?.Properties?.ServiceToken);
    const frameworkId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(token)?.[1] ?? '';
    const framework = resourcesOf(template())[frameworkId];
    expect(framework?.Type).toBe('AWS::Lambda::Function');
    expect(JSON.stringify(framework?.Properties?.Environment)).toContain('AdminPromotionFunction');
  });

  it('grants the promotion function only the two group calls, on this user pool', () => {
    const statements = statementsOfFunction(template(), 'AdminPromotionFunction').filter((statement) =>
      statement.actions.some((action) => action.startsWith('cognito-idp:')),
    );
    expect(statements.map((statement) => statement.actions)).toEqual([
      ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
    ]);
    expect(JSON.stringify(statements[0]?.resources)).toMatch(/AuthUserPool\w*","Arn"/u);
  });
});
