import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  REVIEW_REMINDER_INTERVAL_MINUTES,
  REVIEW_REMINDERS_TIMEOUT_SECONDS,
} from '#contract/review-reminder-interval';
import { envNames } from '#contract/routes';
import { FUNCTION_ACCESS } from '#infra/function-access';
import { buildApp, resourcesOf, resourcesOfType, sharedTemplate, statementsOfFunction } from './fixture';

/**
 * docs/decisions.md, "Notifications": the review links' expiry reminders run from a schedule rule like the
 * bulk feeder's, and the app's e-mail goes through SES from the configured sender: ses:SendEmail on that
 * identity only, held by the functions that send (reviews, saves that keep a review open, the reminders), no
 * others.
 */

const MAIL_FUNCTIONS = ['ReviewRemindersFunction', 'ReviewsFunction', 'ContentSavesFunction'];

/** The ses: statements of a function's role. */
const sesStatements = (template: Template, functionId: string) =>
  statementsOfFunction(template, functionId, { withConditions: true }).filter((statement) =>
    statement.actions.some((action) => action.startsWith('ses:')),
  );

describe('the review reminders and the app’s e-mail', () => {
  const { template } = sharedTemplate();
  const reminders = 'ReviewRemindersFunction';

  it(`runs the reminders every ${REVIEW_REMINDER_INTERVAL_MINUTES} minutes from one rule, without retries`, () => {
    const rules = resourcesOfType(template, 'AWS::Events::Rule')
      .map(([id, rule]) => [id, rule.Properties] as const)
      .filter(([, rule]) => JSON.stringify(rule?.Targets).includes(`"${reminders}"`));
    expect(rules).toHaveLength(1);
    const [ruleId, rule] = rules[0] ?? [];
    expect(rule).toMatchObject({
      ScheduleExpression: `rate(${REVIEW_REMINDER_INTERVAL_MINUTES} minutes)`,
      State: 'ENABLED',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [reminders, 'Arn'] },
          RetryPolicy: {
            MaximumRetryAttempts: 0,
            MaximumEventAgeInSeconds: 60 * REVIEW_REMINDER_INTERVAL_MINUTES,
          },
        },
      ],
    });
    const permissions = resourcesOfType(template, 'AWS::Lambda::Permission')
      .map(([, permission]) => permission.Properties ?? {})
      .filter((permission) => JSON.stringify(permission.FunctionName).includes(`"${reminders}"`));
    expect(permissions).toEqual([
      {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [reminders, 'Arn'] },
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
      },
    ]);
    expect(resourcesOf(template)[reminders]?.Properties?.Timeout).toBe(REVIEW_REMINDERS_TIMEOUT_SECONDS);
  });

  it('lets the reminders read the table, claim each reminder once and send e-mail, nothing else', () => {
    const statements = statementsOfFunction(template, reminders, { withConditions: true }).filter(
      (statement) => !statement.actions.every((action) => /^(logs|xray):/.test(action)),
    );
    const services = new Set(
      statements.flatMap((statement) => statement.actions.map((action) => action.split(':')[0])),
    );
    expect([...services].sort()).toEqual(['dynamodb', 'ses']);
    const writes = statements.filter((statement) =>
      statement.actions.some((action) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(action)),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        actions: ['dynamodb:PutItem'],
        condition: expect.objectContaining({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['$lbm#mailonce_*'] },
        }),
      }),
    ]);
  });

  it('grants ses:SendEmail on the sender’s identities alone, to the functions that send, from the configured sender', () => {
    const { stack } = buildApp({
      context: { sesFromEmail: 'reviews@agency.example', sesRegion: 'eu-west-1' },
      region: 'eu-central-1',
    });
    const configured = Template.fromStack(stack);
    for (const functionId of MAIL_FUNCTIONS) {
      const statements = sesStatements(configured, functionId);
      expect(statements, functionId).toHaveLength(1);
      expect(statements[0]?.actions).toEqual(['ses:SendEmail']);
      const resources = JSON.stringify(statements[0]?.resources);
      expect(resources).toContain(':ses:eu-west-1:');
      expect(resources).toContain('identity/reviews@agency.example');
      expect(resources).toContain('identity/agency.example');
      expect(statements[0]?.resources).toHaveLength(2);
      const environment = resourcesOf(configured)[functionId]?.Properties?.Environment as {
        Variables: Record<string, unknown>;
      };
      expect(environment.Variables[envNames.mailFrom], functionId).toBe('reviews@agency.example');
      expect(environment.Variables[envNames.mailRegion], functionId).toBe('eu-west-1');
    }
    // Every other function's role holds no SES action.
    const others = resourcesOfType(configured, 'AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => !MAIL_FUNCTIONS.includes(id));
    expect(others.length).toBeGreaterThan(10);
    for (const functionId of others) expect(sesStatements(configured, functionId), functionId).toEqual([]);
    expect(
      Object.entries(FUNCTION_ACCESS)
        .filter(([, access]) => access.mail)
        .map(([id]) => id)
        .sort(),
    ).toEqual(['ContentSaves', 'Reviews']);
  });

  it('without a configured sender, sends as no-reply@ the company domain in the stack’s region', () => {
    const statements = sesStatements(template, 'ReviewsFunction');
    expect(statements).toHaveLength(1);
    expect(JSON.stringify(statements[0]?.resources)).toContain('identity/no-reply@');
  });
});
