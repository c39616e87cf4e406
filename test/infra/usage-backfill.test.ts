import { describe, expect, it } from 'vitest';
import { backgroundFunctions } from '#contract/routes';
import { TABLE_KEYS } from '#contract/table-definition';
import { partitionKey } from '#functions/data/item-keys';
import { BACKFILL_MARKER_KEY } from '#functions/usage/usage-backfill';
import { USAGE_BACKFILL_PARTITIONS, USAGE_BACKFILL_TIMEOUT } from '#infra/usage-backfill';
import {
  deployTriggerOf,
  logicalIdOf,
  resourcesOf,
  roleOfFunction,
  sharedTemplate,
  statementsOfFunction,
} from './fixture';

/**
 * The fill of staff's per-client usage counters (functions/usage/usage-backfill.ts) runs on deploy: a
 * CloudFormation trigger invokes it once the table and every function that settles jobs are in place,
 * and its role reads the months' usage items and writes the counters and its marker, nothing more.
 * (test/integration/usage-staff-counters.test.ts runs it under these grants, enforced locally.)
 */

const FUNCTION_ID = 'UsageBackfillFunction';

describe('usage counter fill on deploy', () => {
  const { template } = sharedTemplate();
  const json = (value: unknown) => JSON.stringify(value);

  it('is one more function, built from its background entry, invoked by a trigger after the settlers', () => {
    expect(resourcesOf(template)[FUNCTION_ID]?.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Timeout: USAGE_BACKFILL_TIMEOUT.toSeconds(),
    });
    expect(backgroundFunctions.usageBackfill).toBe('functions/usage/usage-backfill.ts');
    const trigger = deployTriggerOf(template, FUNCTION_ID);
    expect(trigger?.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
    });
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable');
    // Every function that settles jobs: the workers, the dead-letter consumer, the bulk runs' feeder.
    for (const id of [
      tableId,
      'WorkerFunction',
      'MediaWorkerFunction',
      'DeadLettersFunction',
      'BatchesFunction',
    ]) {
      expect(trigger?.DependsOn ?? [], id).toContain(id);
    }
  });

  it('reads the month partitions and writes the counters and its marker, each narrowed by leading key', () => {
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable'), 'Arn'] };
    const statements = statementsOfFunction(template, FUNCTION_ID).filter((statement) =>
      statement.actions.some((action) => action.startsWith('dynamodb:')),
    );
    expect(statements.map((statement) => ({ ...statement, actions: [...statement.actions].sort() }))).toEqual(
      [
        { actions: ['dynamodb:Query'], resources: [tableArn] },
        { actions: ['dynamodb:UpdateItem'], resources: [tableArn] },
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
    const { months, counters, marker } = USAGE_BACKFILL_PARTITIONS;
    // ForAllValues holds for a request that names no key; the Null condition refuses those.
    for (const keys of [[months], counters, [marker]]) {
      expect(policy).toContain(
        json({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keys },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        }),
      );
    }
  });

  it("names the partitions the function's keys are in", () => {
    const matches = (pattern: string, key: string) =>
      new RegExp(`^${pattern.replace(/[$#]/g, '\\$&').replace('*', '.*')}$`).test(key);
    expect(matches(USAGE_BACKFILL_PARTITIONS.months, partitionKey([['usageMonth', '2026-11']]))).toBe(true);
    const [clientDays, noClientDays, providerDays] = USAGE_BACKFILL_PARTITIONS.counters;
    expect(matches(clientDays, partitionKey([['usageClientDay', '01ABC']]))).toBe(true);
    expect(matches(noClientDays, partitionKey([['usageNoClientDay', 'user-1']]))).toBe(true);
    expect(matches(providerDays, partitionKey([['usageProviderDay', '2026-11-27']]))).toBe(true);
    expect(
      matches(USAGE_BACKFILL_PARTITIONS.marker, String(BACKFILL_MARKER_KEY[TABLE_KEYS.partitionKey])),
    ).toBe(true);
    // And not the day counters the admin's view reads, nor any other partition.
    for (const pattern of USAGE_BACKFILL_PARTITIONS.counters)
      expect(matches(pattern, partitionKey([['usageDay', '2026-11-27']]))).toBe(false);
  });
});
