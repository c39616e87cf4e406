import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { BATCH_FEED_INTERVAL_MINUTES } from './batch-feed-interval';

/**
 * The scheduled feeder (issue 40 item 4): an EventBridge rule invokes the feeder function every minute.
 * No retries: a failed run's batches are fed by the next one, a minute later, and an invocation older
 * than that is dropped rather than run beside it.
 */
export class BatchFeedSchedule extends Construct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: { readonly handler: IFunction }) {
    super(scope, id);
    const interval = Duration.minutes(BATCH_FEED_INTERVAL_MINUTES);
    this.rule = new Rule(this, 'Rule', {
      description: 'Feeds the bulk runs that wait for job slots (functions/batches/scheduled-feed.ts)',
      schedule: Schedule.rate(interval),
      targets: [new LambdaFunction(props.handler, { retryAttempts: 0, maxEventAge: interval })],
    });
  }
}
