import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_STATUS_LOG_MESSAGES } from '#contract/job-status-log';
import { PROVIDER_CALL_LOG_MESSAGES } from '#contract/provider-call-log';

/**
 * CloudWatch alarms to one SNS topic, e-mailed to `alarmEmail` when that context
 * setting is given: a job reached a dead-letter queue, a job waited too long in its queue, a worker
 * failed or was throttled, the HTTP API answered 5xx, an authorizer failed, or too many provider calls
 * failed. The log lines the workers write are counted here too (provider calls, jobs by outcome), for
 * the alarms and the operations dashboard (infra/operations-dashboard.ts).
 */

export const METRIC_NAMESPACE = 'LbmStudio';
/** Alarm when more than this share of provider calls failed in five minutes (and at least 5 did). */
export const PROVIDER_ERROR_RATE_PERCENT = 20;

/**
 * How long the oldest job of a queue may wait before the alarm fires. A text job is taken within
 * seconds (ten run at once), so five minutes means its worker is not taking jobs. Media jobs run five at
 * once and a podcast takes minutes, so a short queue of them may wait longer before anything is wrong.
 */
export const JOB_WAIT_ALARM_SECONDS = { text: 5 * 60, media: 15 * 60 } as const;

/** A queue of jobs, and how long its oldest job may wait before the alarm fires. */
export interface WatchedJobQueue {
  readonly queue: IQueue;
  readonly maxWaitSeconds: number;
}

/** The metrics counted from the workers' log lines. */
export interface LogMetrics {
  readonly jobsSucceeded: Metric;
  readonly jobsFailed: Metric;
  readonly providerCallsSucceeded: Metric;
  readonly providerCallsFailed: Metric;
}

export interface AlarmsProps {
  readonly email?: string;
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  readonly jobQueues: Readonly<Record<string, WatchedJobQueue>>;
  readonly workers: Readonly<Record<string, IFunction>>;
  readonly authorizers: Readonly<Record<string, IFunction>>;
  readonly httpApi: IHttpApi;
  /** The log groups of the functions that call AI providers (the two workers). */
  readonly providerLogGroups: readonly ILogGroup[];
  /** The log groups of the functions that end jobs (the two workers and the dead-letter consumer). */
  readonly jobLogGroups: readonly ILogGroup[];
}

export class Alarms extends Construct {
  readonly topic: Topic;
  readonly metrics: LogMetrics;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    // A customer-managed key: CloudWatch cannot publish to a topic under the AWS-managed SNS key.
    const key = new Key(this, 'TopicKey', {
      description: 'Encrypts the alarm notifications topic',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      displayName: 'LBM Studio alarms',
      masterKey: key,
      enforceSSL: true,
    });
    // enforceSSL writes a Deny only, and a topic policy allows nothing by itself: CloudWatch publishes to a
    // topic whose policy allows it, for this account's alarms (the AWS CloudWatch user guide, "Amazon SNS
    // topic policy for alarm actions"; docs/decisions.md, "Alarm topic policy").
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': stack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);

    const alarm = (name: string, metric: IMetric, description: string, threshold = 0) =>
      new Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}Depth`,
        queue.metricApproximateNumberOfMessagesVisible({ period: minute, statistic: 'Maximum' }),
        `Messages wait in the ${name} dead-letter queue: its consumer is failing.`,
      );
      // The consumer empties the queue within seconds, so arrivals are what show a job ran out of tries.
      alarm(
        `${name}Arrivals`,
        queue.metricNumberOfMessagesReceived({ period: fiveMinutes, statistic: 'Sum' }),
        `A job reached the ${name} dead-letter queue after its last delivery.`,
      );
    }
    for (const [name, { queue, maxWaitSeconds }] of Object.entries(props.jobQueues)) {
      alarm(
        `${name}OldestMessageAge`,
        queue.metricApproximateAgeOfOldestMessage({ period: minute, statistic: 'Maximum' }),
        `A job has waited more than ${maxWaitSeconds} s in the ${name} queue: its worker is not taking jobs (throttled, failing or at its concurrency).`,
        maxWaitSeconds,
      );
    }
    for (const [name, fn] of Object.entries(props.workers)) {
      alarm(`${name}Errors`, fn.metricErrors({ period: fiveMinutes }), `${name} invocations failed.`);
      alarm(`${name}Throttles`, fn.metricThrottles({ period: fiveMinutes }), `${name} was throttled.`);
    }
    for (const [name, fn] of Object.entries(props.authorizers)) {
      alarm(
        `${name}Errors`,
        fn.metricErrors({ period: fiveMinutes }),
        // Bad or expired credentials are no Lambda error (the authorizers pass them on, or answer Deny),
        // so this counts faults only: Cognito's keys unreachable, the table unavailable.
        `${name} failed (a fault, not a refused credential): requests were answered 500.`,
      );
    }
    alarm(
      'Http5xx',
      props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
      'The HTTP API answered with 5xx errors.',
    );

    const logMetric = (metricName: string) =>
      new Metric({ namespace: METRIC_NAMESPACE, metricName, period: fiveMinutes, statistic: 'Sum' });
    const countLines = (logGroups: readonly ILogGroup[], messages: Readonly<Record<string, string>>) =>
      logGroups.forEach((logGroup, index) => {
        for (const [metricName, message] of Object.entries(messages)) {
          new MetricFilter(this, `${metricName}Filter${index}`, {
            logGroup,
            metricNamespace: METRIC_NAMESPACE,
            metricName,
            filterPattern: FilterPattern.literal(`"${message}"`),
            metricValue: '1',
            defaultValue: 0,
          });
        }
      });
    countLines(props.providerLogGroups, PROVIDER_CALL_LOG_MESSAGES);
    countLines(props.jobLogGroups, JOB_STATUS_LOG_MESSAGES);
    const failed = logMetric('ProviderCallsFailed');
    const succeeded = logMetric('ProviderCallsSucceeded');
    this.metrics = {
      jobsSucceeded: logMetric('JobsSucceeded'),
      jobsFailed: logMetric('JobsFailed'),
      providerCallsSucceeded: succeeded,
      providerCallsFailed: failed,
    };
    alarm(
      'ProviderErrorRate',
      new MathExpression({
        expression: `IF(failed >= 5, 100 * failed / (failed + succeeded), 0)`,
        usingMetrics: { failed, succeeded },
        period: fiveMinutes,
        label: 'Failed provider calls (%)',
      }),
      `More than ${PROVIDER_ERROR_RATE_PERCENT} % of AI provider calls failed in five minutes.`,
      PROVIDER_ERROR_RATE_PERCENT,
    );
  }
}
