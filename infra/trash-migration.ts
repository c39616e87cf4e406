import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function';
import { MEDIA_TRASH_PREFIX } from './media-storage';
import { acknowledgeWildcardResource } from './nag';

/** Time for the copy: far more than thousands of snapshots take, within the trigger provider's 15 minutes. */
export const TRASH_MIGRATION_TIMEOUT = Duration.minutes(10);

/** The table's partitions of the trash bin (functions/trash/trash-bin.ts): the only ones it may touch. */
export const TRASH_PARTITIONS = 'trash#*';

export interface TrashMigrationProps {
  /** The function of functions/trash/migrate-s3-trash.ts, built like every other (no grants of its own). */
  readonly handler: AppFunction;
  readonly tableArn: string;
  readonly bucket: IBucket;
  /**
   * What must be in place first: the table, the bucket, and the handlers that wrote and read the S3
   * snapshots, so that no old handler writes one to the bucket after the copy has listed it.
   */
  readonly executeAfter: readonly Construct[];
}

/**
 * Delete snapshots moved from the media bucket to the table
 * (docs/decisions.md, "Delete snapshots live in the table"); the snapshots of the deletes made before that
 * deploy are copied over on deploy (a CloudFormation trigger that invokes the function and waits for it; it
 * runs again whenever the function changes, harmlessly: the copy is idempotent). A run that could not copy
 * everything fails the deploy, which rolls back to handlers that read the bucket. The role reads trash/ of
 * the bucket and the trash bin's partitions of the table, nothing else.
 */
export class TrashMigration extends Construct {
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: TrashMigrationProps) {
    super(scope, id);
    const { handler, tableArn, bucket } = props;
    const trashObjects = bucket.arnForObjects(`${MEDIA_TRASH_PREFIX}*`);
    handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${MEDIA_TRASH_PREFIX}*`] } },
      }),
    );
    handler.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [trashObjects] }),
    );
    handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
        resources: [tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TRASH_PARTITIONS] } },
      }),
    );
    acknowledgeWildcardResource(
      handler,
      trashObjects,
      'The snapshots of earlier versions are objects under trash/ named by client and content ids; the copy reads every one of them and nothing outside trash/.',
    );

    this.trigger = new Trigger(this, 'Run', {
      handler: handler.function,
      timeout: TRASH_MIGRATION_TIMEOUT,
      executeAfter: [...props.executeAfter],
    });
  }
}
