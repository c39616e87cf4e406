import { describe, expect, it } from 'vitest';
import { BATCH_FEED_INTERVAL_MINUTES, BATCH_FEEDER_TIMEOUT_SECONDS } from '#contract/batch-feed-interval';
import { logicalIdOf, resourcesOf, resourcesOfType, sharedTemplate, statementsOfFunction } from './fixture';

/**
 * docs/decisions.md, "Hardening: topic policy, least privilege, regions, ports, the scheduled feeder": a
 * batch whose rows wait for the user's job slots was fed again only when someone read it. A schedule rule now
 * runs the feeder (functions/batches/scheduled-feed.ts) every minute, with a role of its own: the table and
 * the jobs queue, nothing else.
 */
describe('the scheduled batch feeder', () => {
  const { template } = sharedTemplate();
  const feeder = 'BatchFeederFunction';

  it('runs every minute from one schedule rule, without retries', () => {
    const rules = resourcesOfType(template, 'AWS::Events::Rule').map(
      ([id, rule]) => [id, rule.Properties] as const,
    );
    const feeding = rules.filter(([, rule]) => JSON.stringify(rule?.Targets).includes(`"${feeder}"`));
    expect(feeding).toHaveLength(1);
    const [ruleId, rule] = feeding[0] ?? [];
    expect(rule).toMatchObject({
      ScheduleExpression: `rate(${BATCH_FEED_INTERVAL_MINUTES} minute${BATCH_FEED_INTERVAL_MINUTES === 1 ? '' : 's'})`,
      State: 'ENABLED',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [feeder, 'Arn'] },
          RetryPolicy: {
            MaximumRetryAttempts: 0,
            MaximumEventAgeInSeconds: 60 * BATCH_FEED_INTERVAL_MINUTES,
          },
        },
      ],
    });
    // Only that rule may invoke it.
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission')
      .map(([, permission]) => permission.Properties ?? {})
      .filter((permission) => JSON.stringify(permission.FunctionName).includes(`"${feeder}"`));
    expect(permissions).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [feeder, 'Arn'] },
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      },
    ]);
    expect(resourcesOf(template)[feeder]?.Properties?.Timeout).toBe(BATCH_FEEDER_TIMEOUT_SECONDS);
  });

  it('reads and writes the table, sends to the jobs queue and reads the provider keys (its rows’ estimates), nothing else', () => {
    const statements = statementsOfFunction(template, feeder, { withConditions: true }).filter(
      (statement) => !statement.actions.every((action) => /^(logs|xray):/.test(action)),
    );
    const services = new Set(
      statements.flatMap((statement) => statement.actions.map((action) => action.split(':')[0])),
    );
    expect([...services].sort()).toEqual(['dynamodb', 'secretsmanager', 'sqs']);
    const sends = statements.filter((statement) => statement.actions.includes('sqs:SendMessage'));
    expect(sends).toEqual([
      {
        actions: ['sqs:SendMessage'],
        resources: [{ 'Fn::GetAtt': [logicalIdOf(template, 'AWS::SQS::Queue', 'JobsQueue'), 'Arn'] }],
      },
    ]);
    expect(statements.flatMap((statement) => statement.actions)).not.toContain('dynamodb:Scan');
    // It deletes its waiting marks (functions/batches/batch-waits.ts) and no other item.
    const deletes = statements.filter((statement) => statement.actions.includes('dynamodb:DeleteItem'));
    expect(deletes).toEqual([
      expect.objectContaining({
        actions: ['dynamodb:DeleteItem'],
        condition: expect.objectContaining({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['$lbm#batchwaits_*'] },
        }),
      }),
    ]);
  });
});
