import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { promotionId } from '#infra/admin-promotion';
import { ADMIN_GROUP_NAME } from '#infra/routes';
import { buildApp, resourcesOf, TEST_DOMAIN } from './fixture';

/**
 * Issue 17 item 9: changing `adminEmails` promotes users who exist already. Each listed address is a
 * custom resource that adds the user to the admins group on create and update, removes them when the
 * address leaves the list, and skips a user who has not signed up yet.
 */

interface SdkCall {
  readonly service: string;
  readonly action: string;
  readonly parameters: Record<string, unknown>;
  readonly ignoreErrorCodesMatching?: string;
}

const BOSS = `boss@${TEST_DOMAIN}`;
const LEAD = `lead@${TEST_DOMAIN}`;
let synthesized: Template | undefined;

/** One synthesis for the file, with two admin addresses (synthesis takes seconds). */
function promotions() {
  if (!synthesized)
    synthesized = Template.fromStack(buildApp({ context: { adminEmails: `${BOSS},${LEAD}` } }).stack);
  const template = synthesized;
  const resources = Object.entries(resourcesOf(template)).filter(
    ([, resource]) => resource.Type === 'Custom::AWS',
  );
  return { template, resources };
}

/** The SDK call a custom resource makes: CDK stores it as JSON text, joined around the pool's tokens. */
function callOf(properties: Record<string, unknown> | undefined, phase: 'Create' | 'Update' | 'Delete') {
  const raw = properties?.[phase];
  const join = (raw as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  const text = join
    ? join[1].map((part) => (typeof part === 'string' ? part : 'TOKEN')).join(join[0])
    : String(raw);
  const call = JSON.parse(text) as SdkCall;
  return {
    action: call.action,
    username: call.parameters.Username,
    group: call.parameters.GroupName,
    ignored: call.ignoreErrorCodesMatching,
  };
}

describe('admin promotion', () => {
  it('adds each listed address to the admins group on deploy and removes it when it leaves the list', () => {
    const { resources } = promotions();
    expect(resources).toHaveLength(2);
    for (const email of [BOSS, LEAD]) {
      const [, resource] = resources.find(([id]) => id.includes(promotionId(email))) ?? [];
      expect(resource, email).toBeDefined();
      for (const phase of ['Create', 'Update'] as const) {
        expect(callOf(resource?.Properties, phase)).toEqual({
          action: 'AdminAddUserToGroup',
          username: email,
          group: ADMIN_GROUP_NAME,
          ignored: 'UserNotFoundException',
        });
      }
      expect(callOf(resource?.Properties, 'Delete')).toMatchObject({
        action: 'AdminRemoveUserFromGroup',
        username: email,
        group: ADMIN_GROUP_NAME,
      });
    }
  });

  it('names each resource after its address alone, so reordering the list replaces nothing', () => {
    expect(promotionId(`Boss@${TEST_DOMAIN}`)).toBe(promotionId(`boss@${TEST_DOMAIN}`));
    expect(promotionId(`boss@${TEST_DOMAIN}`)).not.toBe(promotionId(`lead@${TEST_DOMAIN}`));
  });

  it('grants the provider only the two group calls, on this user pool', () => {
    const { template } = promotions();
    const policies = Object.values(resourcesOf(template)).filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(resource.Properties).includes('cognito-idp:AdminRemoveUserFromGroup'),
    );
    // One policy per address, on CDK's single provider role.
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      const document = policy.Properties?.PolicyDocument as
        | { Statement: { Action: string[]; Resource: unknown }[] }
        | undefined;
      const statements = document?.Statement ?? [];
      expect(statements.map((statement) => statement.Action)).toEqual([
        ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminRemoveUserFromGroup'],
      ]);
      expect(JSON.stringify(statements[0]?.Resource)).toMatch(/AuthUserPool\w*","Arn"/u);
    }
  });
});
