import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { buildApp, createProjectRoot } from './fixture';

interface ValidationReport {
  readonly pluginReports: readonly {
    readonly pluginName: string;
    readonly violations: readonly { readonly ruleName: string }[];
  }[];
}

/** Synthesizes with cdk-nag registered; returns the error (if synthesis failed) and the rules reported. */
function synthesizeWithChecks(
  options: { context?: Record<string, unknown>; projectRoot?: string } = {},
  alter?: (stack: Stack) => void,
) {
  const { app, stack, outdir } = buildApp({ compliance: true, ...options });
  alter?.(stack);
  let failure: unknown;
  try {
    app.synth();
  } catch (error) {
    failure = error;
  }
  const report: ValidationReport = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  const rules = report.pluginReports.flatMap((plugin) =>
    plugin.violations.map((violation) => violation.ruleName),
  );
  return { failure, rules };
}

describe('cdk-nag AwsSolutions checks', () => {
  it('find nothing unacknowledged in the stack', () => {
    const { failure, rules } = synthesizeWithChecks();
    expect(rules).toEqual([]);
    expect(failure).toBeUndefined();
  });

  it('find nothing unacknowledged with a custom domain, CORS origins and no hashed assets either', () => {
    const { failure, rules } = synthesizeWithChecks({
      context: {
        domainName: 'studio.agency.test',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-aaaa-bbbb-cccc-123456789012',
        corsAllowedOrigins: 'https://tools.agency.test',
      },
      projectRoot: createProjectRoot({ withHashedAssets: false }),
    });
    expect(rules).toEqual([]);
    expect(failure).toBeUndefined();
  });

  it('fail synthesis on a finding nobody acknowledged', () => {
    const { failure, rules } = synthesizeWithChecks({}, (stack) => {
      const queue = new Queue(stack, 'Unchecked');
      const role = stack.node.findAll().find((node) => node.node.path.endsWith('Functions/GetMe/Role'));
      if (!(role instanceof Role)) throw new Error('GetMe role not found');
      role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:*'], resources: [queue.queueArn] }));
    });
    expect(rules).toEqual(
      expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4', 'AwsSolutions-IAM5[Action::sqs:*]']),
    );
    expect(String(failure)).toContain('ValidationFailed');
  });
});
