import { describe, expect, it } from 'vitest';
import { backgroundFunctions } from '#contract/routes';
import { S3_TRASH_PREFIX } from '#functions/trash/migrate-s3-trash';
import { MEDIA_TRASH_PREFIX } from '#infra/media-storage';
import { TRASH_MIGRATION_TIMEOUT, TRASH_PARTITIONS } from '#infra/trash-migration';
import {
  deployTriggerOf,
  logicalIdOf,
  resourcesOf,
  resourcesOfType,
  roleOfFunction,
  sharedTemplate,
  statementsOfFunction,
} from './fixture';

/**
 * The copy of the S3 delete snapshots (functions/trash/migrate-s3-trash.ts) runs on deploy: a
 * CloudFormation trigger invokes it after the table, the bucket and the handlers that used the bucket's
 * snapshots are in place, and its role reads trash/ and writes the trash bin's partitions, nothing more.
 */

const FUNCTION_ID = 'TrashMigrationFunction';

describe('S3 trash migration on deploy', () => {
  const { template } = sharedTemplate();
  const all = resourcesOf(template);
  const json = (value: unknown) => JSON.stringify(value);

  it('is one more function, built like the others from its background entry', () => {
    const fn = all[FUNCTION_ID];
    expect(fn?.Type).toBe('AWS::Lambda::Function');
    expect(fn?.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: TRASH_MIGRATION_TIMEOUT.toSeconds(),
    });
    expect(backgroundFunctions.trashMigration).toBe('functions/trash/migrate-s3-trash.ts');
    // The prefix it lists is the one the bucket's lifecycle rule expires.
    expect(S3_TRASH_PREFIX).toBe(MEDIA_TRASH_PREFIX);
  });

  it('is invoked by a trigger of the current version, after the table, bucket and old trash handlers', () => {
    const trigger = deployTriggerOf(template, FUNCTION_ID);
    expect(trigger?.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
      Timeout: String(TRASH_MIGRATION_TIMEOUT.toMilliseconds()),
    });
    const dependsOn = trigger?.DependsOn ?? [];
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable');
    const bucketId = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageMedia');
    // The functions that delete and restore clients and library items.
    for (const id of [tableId, bucketId, 'ClientsFunction', 'ContentFunction']) {
      expect(dependsOn, id).toContain(id);
    }
  });

  it('reads only trash/ of the media bucket and writes only the trash bin of the table', () => {
    const tableId = logicalIdOf(template, 'AWS::DynamoDB::Table', 'DataTable');
    const bucketId = logicalIdOf(template, 'AWS::S3::Bucket', 'StorageMedia');
    const statements = statementsOfFunction(template, FUNCTION_ID);
    const ours = statements.filter((statement) =>
      statement.actions.some((action) => action.startsWith('s3:') || action.startsWith('dynamodb:')),
    );
    expect(ours.map((statement) => ({ ...statement, actions: [...statement.actions].sort() }))).toEqual([
      { actions: ['s3:ListBucket'], resources: [{ 'Fn::GetAtt': [bucketId, 'Arn'] }] },
      {
        actions: ['s3:GetObject'],
        resources: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${MEDIA_TRASH_PREFIX}*`]] }],
      },
      {
        actions: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
        resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }],
      },
    ]);
    // Nothing else but its logs and X-Ray, as every function.
    const others = statements
      .flatMap((statement) => statement.actions)
      .filter((action) => {
        return !/^(s3|dynamodb):/.test(action);
      });
    expect(
      others.every((action) => /^(logs|xray):/.test(action)),
      others.join(', '),
    ).toBe(true);

    // The conditions narrow both: the listing to trash/, the table calls to the trash bin's partitions.
    const policy = json(resourcesOf(template)[roleOfFunction(template, FUNCTION_ID)]?.Properties?.Policies);
    expect(policy).toContain(json({ StringLike: { 's3:prefix': [`${MEDIA_TRASH_PREFIX}*`] } }));
    expect(policy).toContain(
      json({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TRASH_PARTITIONS] } }),
    );
    expect(TRASH_PARTITIONS).toBe('trash#*');
  });

  it('lets the trigger provider invoke the functions run on deploy only', () => {
    const providerPolicies = resourcesOfType(template, 'AWS::IAM::Role')
      .filter(([id]) => id.startsWith('AWSCDKTriggerCustomResourceProvider'))
      .map(([, role]) => json(role.Properties?.Policies));
    expect(providerPolicies).toHaveLength(1);
    expect(providerPolicies[0]).toContain('lambda:InvokeFunction');
    expect(providerPolicies[0]).toContain(FUNCTION_ID);
    expect(providerPolicies[0]).toContain('UsageBackfillFunction');
    expect(providerPolicies[0]).toContain('ActivityIndexFillFunction');
    expect(providerPolicies[0]).not.toContain('"Resource":"*"');
  });
});
