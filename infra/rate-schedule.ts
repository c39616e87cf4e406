import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * A function run on a schedule (the bulk feeder, the review reminders): an EventBridge rule invokes it
 * every `intervalMinutes`; the local runtime runs the same interval (local/schedule.ts). No retries: the
 * scheduled functions are idempotent, so a failed run's work is picked up by the next one, and an
 * invocation older than one interval is dropped rather than run beside the next.
 */
export class RateSchedule extends Construct {
  readonly rule: Rule;

  constructor(
    scope: Construct,
    id: string,
    props: { readonly handler: IFunction; readonly intervalMinutes: number; readonly description: string },
  ) {
    super(scope, id);
    const interval = Duration.minutes(props.intervalMinutes);
    this.rule = new Rule(this, 'Rule', {
      description: props.description,
      schedule: Schedule.rate(interval),
      targets: [new LambdaFunction(props.handler, { retryAttempts: 0, maxEventAge: interval })],
    });
  }
}
