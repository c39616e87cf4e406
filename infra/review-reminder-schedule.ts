import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { REVIEW_REMINDER_INTERVAL_MINUTES } from './review-reminder-interval';

/**
 * The review links' expiry reminders (issue 42 item 4), scheduled as the bulk feeder is
 * (infra/batch-feed-schedule.ts): an EventBridge rule invokes the function every
 * REVIEW_REMINDER_INTERVAL_MINUTES. No retries: a failed run's links are looked at again by the next one,
 * well within the reminder's lead, and the function sends each reminder once however often it runs.
 */
export class ReviewReminderSchedule extends Construct {
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: { readonly handler: IFunction }) {
    super(scope, id);
    const interval = Duration.minutes(REVIEW_REMINDER_INTERVAL_MINUTES);
    this.rule = new Rule(this, 'Rule', {
      description:
        'E-mails reviewers whose review link expires soon (functions/notifications/scheduled-reminders.ts)',
      schedule: Schedule.rate(interval),
      targets: [new LambdaFunction(props.handler, { retryAttempts: 0, maxEventAge: interval })],
    });
  }
}
