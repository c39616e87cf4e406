import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { deployRegion, sdkProfileRegion } from '#infra/app-stacks';
import { ConfigError } from '#infra/config';
import { COMMON_RULES_COUNTED, EDGE_REGION, WAF_REQUESTS_PER_IP_PER_FIVE_MINUTES } from '#infra/edge-stack';
import { buildApp, resourcesOfType, tempDir } from './fixture';

/**
 * docs/decisions.md, "Operations a maintainer can trust": a WAF web ACL in front of CloudFront. AWS keeps
 * CloudFront's web ACLs in us-east-1, so the app is two stacks (infra/app-stacks.ts): the edge stack there,
 * the main stack in the deploy region, reading the ACL's ARN across regions. Both pass cdk-nag.
 */

let built: ReturnType<typeof buildApp> | undefined;
/** The app as bin/app.ts builds it, deployed to eu-west-1; one synthesis for the file. */
const app = () => {
  built ??= buildApp({ region: 'eu-west-1', compliance: true });
  return built;
};
const edgeTemplate = () => {
  const { edge } = app();
  if (!edge) throw new Error('no edge stack');
  return Template.fromStack(edge);
};

describe('the CloudFront web ACL', () => {
  it('lives in us-east-1 in a stack of its own, deployed before the app', () => {
    const { edge, stack } = app();
    expect(edge?.region).toBe(EDGE_REGION);
    expect(stack.region).toBe('eu-west-1');
    expect(stack.dependencies).toContain(edge);
  });

  it('limits requests per IP and applies AWS’s common and known-bad-inputs rule groups', () => {
    const [acl] = resourcesOfType(edgeTemplate(), 'AWS::WAFv2::WebACL');
    interface ManagedGroup {
      Name: string;
      RuleActionOverrides?: unknown;
    }
    const properties = acl?.[1].Properties as {
      Scope: string;
      DefaultAction: unknown;
      Rules: Array<{
        Name: string;
        Action?: unknown;
        OverrideAction?: unknown;
        Statement: { RateBasedStatement?: unknown; ManagedRuleGroupStatement?: ManagedGroup };
      }>;
    };
    const rate = properties.Rules.find((rule) => rule.Name === 'RateLimitPerIp');
    expect(rate?.Action).toEqual({ Block: {} });
    expect(rate?.Statement.RateBasedStatement).toEqual({
      Limit: WAF_REQUESTS_PER_IP_PER_FIVE_MINUTES,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
    });
    const managed = properties.Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(managed.map((rule) => rule.Statement.ManagedRuleGroupStatement?.Name)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const rule of managed) expect(rule.OverrideAction).toEqual({ None: {} });
    // Only the two rules that would refuse the app's own uploads and HTML saves are counted instead.
    const common = managed[0]?.Statement.ManagedRuleGroupStatement;
    expect(common?.RuleActionOverrides).toEqual(
      COMMON_RULES_COUNTED.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
    expect(managed[1]?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toBeUndefined();
  });

  it('logs the requests it blocks or counts to a group WAF accepts', () => {
    const template = edgeTemplate();
    const [group] = resourcesOfType(template, 'AWS::Logs::LogGroup');
    expect(String(group?.[1].Properties?.LogGroupName)).toMatch(/^aws-waf-logs-/);
    const [logging] = resourcesOfType(template, 'AWS::WAFv2::LoggingConfiguration');
    const destination = JSON.stringify(logging?.[1].Properties?.LogDestinationConfigs);
    expect(destination).not.toContain(':*');
    expect(logging?.[1].Properties?.LoggingFilter).toMatchObject({ DefaultBehavior: 'DROP' });
  });

  it('is attached to the distribution, its ARN read across regions', () => {
    const main = Template.fromStack(app().stack);
    const [distribution] = resourcesOfType(main, 'AWS::CloudFront::Distribution');
    const config = distribution?.[1].Properties?.DistributionConfig as { WebACLId?: unknown } | undefined;
    // CloudFormation reads the edge stack's output in us-east-1 (CDK's cross-region reference).
    const reference = (config?.WebACLId as { 'Fn::GetStackOutput'?: Record<string, string> } | undefined)?.[
      'Fn::GetStackOutput'
    ];
    expect(reference).toMatchObject({ StackName: app().edge?.stackName, Region: EDGE_REGION });
    const outputs = edgeTemplate().toJSON().Outputs as Record<string, { Value: unknown }>;
    const [aclId] = resourcesOfType(edgeTemplate(), 'AWS::WAFv2::WebACL')[0] ?? [];
    expect(outputs[reference?.OutputName ?? '']?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('passes cdk-nag in both stacks', () => {
    // buildApp added the checks: synthesis fails on any unacknowledged finding.
    expect(() => app().app.synth()).not.toThrow();
  });
});

describe('the deploy region', () => {
  const sources = (env: Record<string, string>, profileRegion?: string) => ({
    env,
    profileRegion: async () => profileRegion,
  });

  it('comes from -c region, else AWS_REGION or AWS_DEFAULT_REGION, else the profile’s, and is required', async () => {
    const context = new App({ context: { region: 'eu-central-1' } });
    expect(await deployRegion(context, sources({ AWS_REGION: 'us-west-2' }, 'ap-south-1'))).toBe(
      'eu-central-1',
    );
    expect(await deployRegion(new App(), sources({ AWS_REGION: 'us-west-2' }, 'ap-south-1'))).toBe(
      'us-west-2',
    );
    expect(await deployRegion(new App(), sources({ AWS_DEFAULT_REGION: 'eu-north-1' }))).toBe('eu-north-1');
    expect(await deployRegion(new App(), sources({}, 'ap-south-1'))).toBe('ap-south-1');
    await expect(deployRegion(new App(), sources({}))).rejects.toThrow(ConfigError);
    await expect(deployRegion(new App({ context: { region: 'Mars' } }), sources({}))).rejects.toThrow(
      /"Mars" is not a region/,
    );
  });

  // The CDK CLI sets CDK_DEFAULT_REGION to us-east-1 when it finds no region, and the
  // app took that for a choice.
  it('does not take the CLI’s us-east-1 fallback (CDK_DEFAULT_REGION) for a region', async () => {
    await expect(deployRegion(new App(), sources({ CDK_DEFAULT_REGION: 'us-east-1' }))).rejects.toThrow(
      'region: set the region to deploy to',
    );
  });

  it('reads the profile’s region from the AWS config file, as the SDK does', async () => {
    const dir = tempDir('aws-config-');
    const configFile = join(dir, 'config');
    writeFileSync(configFile, '[default]\nregion = sa-east-1\n\n[profile agency]\nregion = eu-west-3\n');
    const names = [
      'AWS_CONFIG_FILE',
      'AWS_SHARED_CREDENTIALS_FILE',
      'AWS_PROFILE',
      'AWS_REGION',
      'AWS_DEFAULT_REGION',
    ];
    const before = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      for (const name of names) delete process.env[name];
      process.env.AWS_CONFIG_FILE = configFile;
      process.env.AWS_SHARED_CREDENTIALS_FILE = join(dir, 'credentials');
      expect(await sdkProfileRegion()).toBe('sa-east-1');
      process.env.AWS_PROFILE = 'agency';
      expect(await sdkProfileRegion()).toBe('eu-west-3');
      process.env.AWS_PROFILE = 'nobody';
      expect(await sdkProfileRegion()).toBeUndefined();
    } finally {
      for (const name of names) {
        const value = before[name];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
