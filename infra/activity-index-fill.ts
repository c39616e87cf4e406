import { Duration } from 'aws-cdk-lib';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { AppFunction } from './app-function';
import { onPartitions } from './usage-backfill';

/** Time for the walk: a year of activities is far less, within the trigger provider's 15 minutes. */
export const ACTIVITY_INDEX_FILL_TIMEOUT = Duration.minutes(10);

/**
 * The table's partitions the fill touches (functions/data/item-keys.ts formats): it reads and updates
 * the feed's activities and keeps its marker.
 */
export const ACTIVITY_INDEX_FILL_PARTITIONS = {
  feed: '$lbm#feed_*',
  marker: '$lbm#activityindexfill_*',
} as const;

export interface ActivityIndexFillProps {
  /** The function of functions/activities/activity-index-fill.ts, built like every other. */
  readonly handler: AppFunction;
  readonly tableArn: string;
  /**
   * What must be in place first: the table and every function that records activities, so that each
   * activity recorded after the walk starts was recorded by a version that indexes it itself.
   */
  readonly executeAfter: readonly Construct[];
}

/**
 * The Activity Tracker's filter reads the byAction index
 * (docs/decisions.md, "The Activity Tracker reaches every activity"); the activities recorded before it are
 * given their keys there on deploy (a CloudFormation trigger that invokes the function and waits for it; it
 * runs again whenever the function changes, and returns at once once a walk has completed). A run that could
 * not index every activity fails the deploy. The role reads and updates the feed's partition and writes its
 * marker, nothing else.
 */
export class ActivityIndexFill extends Construct {
  readonly trigger: Trigger;

  constructor(scope: Construct, id: string, props: ActivityIndexFillProps) {
    super(scope, id);
    const { handler, tableArn } = props;
    const { feed, marker } = ACTIVITY_INDEX_FILL_PARTITIONS;
    handler.role.addToPrincipalPolicy(
      onPartitions(['dynamodb:Query', 'dynamodb:UpdateItem'], tableArn, [feed]),
    );
    handler.role.addToPrincipalPolicy(
      onPartitions(['dynamodb:GetItem', 'dynamodb:PutItem'], tableArn, [marker]),
    );
    this.trigger = new Trigger(this, 'Run', {
      handler: handler.function,
      timeout: ACTIVITY_INDEX_FILL_TIMEOUT,
      executeAfter: [...props.executeAfter],
    });
  }
}
