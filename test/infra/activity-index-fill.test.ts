import { describe, expect, it } from 'vitest';
import { backgroundFunctions, httpFunctions } from '#contract/routes';
import { TABLE_KEYS } from '#contract/table-definition';
import { ACTIVITY_INDEX_FILL_MARKER_KEY } from '#functions/activities/activity-index-fill';
import { ACTIVITY_FEED_PARTITION } from '#functions/data/entities';
import { partitionKey } from '#functions/data/item-keys';
import { ACTIVITY_INDEX_FILL_PARTITIONS, ACTIVITY_INDEX_FILL_TIMEOUT } from '#infra/activity-index-fill';
import {
  deployTriggerOf,
  logicalIdOf,
  resourcesOf,
  roleOfFunction,
  sharedTemplate,
  statementsOfFunction,
} from './fixture';

/**
 * The fill of the byAction index keys (functions/activities/activity-index-fill.ts;
 * docs/decisions.md, "The Activity Tracker reaches every activity") runs on deploy: a CloudFormation trigger
 * invokes it once the table and every function that records activities are in place, and its role reads and
 * updates the feed's partition and writes its marker, nothing more. (test/integration/activity-feed.test.ts
 * runs it under these grants, enforced locally.)
 */

const FUNCTION_ID = 'ActivityIndexFillFunction';

describe('activity index fill on deploy', () => {
  const { template } = sharedTemplate();
  const json = (value: unknown) => JSON.stringify(value);

  it('is one more function, invoked by a trigger after the table, the workers and every route function', () => {
    expect(resourcesOf(template)[FUNCTION_ID]?.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Timeout: ACTIVITY_INDEX_FILL_TIMEOUT.toSeconds(),
    });
    expect(backgroundFunctions.activityIndexFill).toBe('functions/activities/activity-index-fill.ts');
    const trigger = deployTriggerOf(template, FUNCTION_ID);
    expect(trigger?.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
    });
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable');
    for (const id of [
      tableId,
      'WorkerFunction',
      'MediaWorkerFunction',
      ...httpFunctions.map((fn) => `${fn.id}Function`),
    ]) {
      expect(trigger?.DependsOn ?? [], id).toContain(id);
    }
  });

  it("reads and updates the feed's partition and keeps its marker, each narrowed by leading key", () => {
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable'), 'Arn'] };
    const statements = statementsOfFunction(template, FUNCTION_ID).filter((statement) =>
      statement.actions.some((action) => action.startsWith('dynamodb:')),
    );
    expect(statements.map((statement) => ({ ...statement, actions: [...statement.actions].sort() }))).toEqual(
      [
        { actions: ['dynamodb:Query', 'dynamodb:UpdateItem'], resources: [tableArn] },
        { actions: ['dynamodb:GetItem', 'dynamodb:PutItem'], resources: [tableArn] },
      ],
    );
    const others = statementsOfFunction(template, FUNCTION_ID)
      .flatMap((statement) => statement.actions)
      .filter((action) => !action.startsWith('dynamodb:'));
    expect(
      others.every((action) => /^(logs|xray):/.test(action)),
      others.join(', '),
    ).toBe(true);
    const policy = json(resourcesOf(template)[roleOfFunction(template, FUNCTION_ID)]?.Properties?.Policies);
    for (const key of [ACTIVITY_INDEX_FILL_PARTITIONS.feed, ACTIVITY_INDEX_FILL_PARTITIONS.marker]) {
      expect(policy).toContain(
        json({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [key] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        }),
      );
    }
  });

  it("names the partitions the function's keys are in, and no other", () => {
    const matches = (pattern: string, key: string) =>
      new RegExp(`^${pattern.replace(/[$#]/g, '\\$&').replace('*', '.*')}$`).test(key);
    expect(matches(ACTIVITY_INDEX_FILL_PARTITIONS.feed, ACTIVITY_FEED_PARTITION)).toBe(true);
    expect(
      matches(
        ACTIVITY_INDEX_FILL_PARTITIONS.marker,
        String(ACTIVITY_INDEX_FILL_MARKER_KEY[TABLE_KEYS.partitionKey]),
      ),
    ).toBe(true);
    expect(matches(ACTIVITY_INDEX_FILL_PARTITIONS.feed, partitionKey([['clientId', '01abc']]))).toBe(false);
  });
});
