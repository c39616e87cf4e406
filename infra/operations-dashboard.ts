import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  PeriodOverride,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { LogMetrics, WatchedJobQueue } from './alarms';

export interface OperationsDashboardProps {
  /** The job queues (text and media) with the waits their alarms fire at. */
  readonly jobQueues: Readonly<Record<string, WatchedJobQueue>>;
  /** The functions that run jobs, by name. */
  readonly workers: Readonly<Record<string, IFunction>>;
  readonly httpApi: IHttpApi;
  readonly logMetrics: LogMetrics;
}

const FIVE_MINUTES = Duration.minutes(5);
const WIDTH = 12;
const HEIGHT = 6;

/**
 * One CloudWatch dashboard for whoever keeps the app running
 * (docs/decisions.md, "Operations a maintainer can trust"): jobs by status (queued, waiting, running,
 * succeeded, failed), how long the oldest job has waited in each queue, the workers' errors and durations,
 * the HTTP API's requests, 4xx, 5xx and latency, and the AI providers' failed calls. Every graph shows what
 * an alarm watches, with the alarm's threshold drawn where there is one.
 */
export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const queues = Object.entries(props.jobQueues);
    const workers = Object.entries(props.workers);
    const { logMetrics, httpApi } = props;
    const graph = (
      title: string,
      left: IMetric[],
      extra: Partial<ConstructorParameters<typeof GraphWidget>[0]> = {},
    ) => new GraphWidget({ title, left, width: WIDTH, height: HEIGHT, period: FIVE_MINUTES, ...extra });

    this.dashboard = new Dashboard(this, 'Dashboard', {
      periodOverride: PeriodOverride.AUTO,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          '# LBM Studio\nJobs, queues, workers, the HTTP API and the AI providers. The alarms (SNS topic in the stack outputs) watch the same metrics.',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('Jobs by status (per 5 minutes)', [
        ...queues.map(([name, { queue }]) =>
          queue.metricNumberOfMessagesSent({
            label: `${name}: queued`,
            statistic: 'Sum',
            period: FIVE_MINUTES,
          }),
        ),
        logMetrics.jobsSucceeded.with({ label: 'Succeeded' }),
        logMetrics.jobsFailed.with({ label: 'Failed' }),
      ]),
      graph(
        'Jobs waiting and running',
        queues.flatMap(([name, { queue }]) => [
          queue.metricApproximateNumberOfMessagesVisible({ label: `${name}: waiting`, statistic: 'Maximum' }),
          queue.metricApproximateNumberOfMessagesNotVisible({
            label: `${name}: running`,
            statistic: 'Maximum',
          }),
        ]),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Oldest waiting job (seconds)',
        queues.map(([name, { queue }]) =>
          queue.metricApproximateAgeOfOldestMessage({
            label: name,
            statistic: 'Maximum',
            period: Duration.minutes(1),
          }),
        ),
        {
          leftAnnotations: queues.map(([name, { maxWaitSeconds }]) => ({
            value: maxWaitSeconds,
            label: `${name} alarm`,
          })),
        },
      ),
      graph(
        'Worker errors and throttles',
        workers.flatMap(([name, fn]) => [
          fn.metricErrors({ label: `${name}: errors`, period: FIVE_MINUTES }),
          fn.metricThrottles({ label: `${name}: throttles`, period: FIVE_MINUTES }),
        ]),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Worker duration (ms)',
        workers.flatMap(([name, fn]) => [
          fn.metricDuration({ label: `${name}: p50`, statistic: 'p50', period: FIVE_MINUTES }),
          fn.metricDuration({ label: `${name}: p99`, statistic: 'p99', period: FIVE_MINUTES }),
        ]),
      ),
      graph('HTTP API: requests, 4xx and 5xx', [
        httpApi.metricCount({ label: 'Requests', statistic: 'Sum', period: FIVE_MINUTES }),
        httpApi.metricClientError({ label: '4xx', statistic: 'Sum', period: FIVE_MINUTES }),
        httpApi.metricServerError({ label: '5xx', statistic: 'Sum', period: FIVE_MINUTES }),
      ]),
    );
    this.dashboard.addWidgets(
      graph('HTTP API latency (ms)', [
        httpApi.metricLatency({ label: 'p50', statistic: 'p50', period: FIVE_MINUTES }),
        httpApi.metricLatency({ label: 'p99', statistic: 'p99', period: FIVE_MINUTES }),
        httpApi.metricIntegrationLatency({
          label: 'Integration p99',
          statistic: 'p99',
          period: FIVE_MINUTES,
        }),
      ]),
      graph(
        'AI provider calls',
        [
          logMetrics.providerCallsSucceeded.with({ label: 'Succeeded' }),
          logMetrics.providerCallsFailed.with({ label: 'Failed' }),
        ],
        {
          right: [
            new MathExpression({
              expression: 'IF(failed + succeeded > 0, 100 * failed / (failed + succeeded), 0)',
              usingMetrics: {
                failed: logMetrics.providerCallsFailed,
                succeeded: logMetrics.providerCallsSucceeded,
              },
              period: FIVE_MINUTES,
              label: 'Failed (%)',
            }),
          ],
        },
      ),
    );
  }
}
