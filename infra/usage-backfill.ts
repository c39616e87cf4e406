import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function';

/** Time for the walk: far more than a year of jobs takes, within the trigger provider's 15 minutes. */
export const USAGE_BACKFILL_TIMEOUT = Duration.minutes(10);

/**
 * The table's partitions the fill touches (functions/data/item-keys.ts formats; the ids are lower-cased):
 * it reads the months' usage items, adds to the clients', the users' and the providers' day counters,
 * and keeps its marker.
 */
export const USAGE_BACKFILL_PARTITIONS = {
  months: '$lbm#usagemonth_*',
  counters: ['$lbm#usageclientday_*', '$lbm#usagenoclientday_*', '$lbm#usageproviderday_*'],
  marker: '$lbm#usagebackfill_*',
} as const;

export interface UsageBackfillProps {
  /** The function of functions/usage/usage-backfill.ts, built like every other (no grants of its own). */
  readonly handler: AppFunction;
  readonly tableArn: string;
  /**
   * What must be in place first: the table and every function that settles jobs, so that each job
   * settled after the walk starts was settled by a version that counts it itself.
   */
  readonly executeAfter: readonly Construct[];
}

/** One action set on the partitions that match `leadingKeys`, and on no request that names none. */
export function onPartitions(
  actions: string[],
  tableArn: string,
  leadingKeys: readonly string[],
): PolicyStatement {
  return new PolicyStatement({
    actions,
    resources: [tableArn],
    conditions: {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    },
  });
}

/**
 * Staff's usage figures come from per-client day counters that the settle step writes; the counters of
 * jobs settled before that version are filled on deploy (a CloudFormation trigger that invokes the
 * function and waits for it; it runs again whenever the function changes, and returns at once once a
 * walk has completed). A run that could not count every job fails the deploy. The role reads the
 * months' usage items and writes the counters and the marker, nothing else.
 */
export class UsageBackfill extends Construct {
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: UsageBackfillProps) {
    super(scope, id);
    const { handler, tableArn } = props;
    const { months, counters, marker } = USAGE_BACKFILL_PARTITIONS;
    handler.role.addToPrincipalPolicy(onPartitions(['dynamodb:Query'], tableArn, [months]));
    handler.role.addToPrincipalPolicy(onPartitions(['dynamodb:UpdateItem'], tableArn, counters));
    handler.role.addToPrincipalPolicy(
      onPartitions(['dynamodb:GetItem', 'dynamodb:PutItem'], tableArn, [marker]),
    );

    this.trigger = new Trigger(this, 'Run', {
      handler: handler.function,
      timeout: USAGE_BACKFILL_TIMEOUT,
      executeAfter: [...props.executeAfter],
    });
  }
}
