import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { JOB_STATUS_LOG_MESSAGES } from '#contract/job-status-log';
import { PROVIDER_CALL_LOG_MESSAGES } from '#contract/provider-call-log';
import { JOB_WAIT_ALARM_SECONDS, METRIC_NAMESPACE, PROVIDER_ERROR_RATE_PERCENT } from '#infra/alarms';
import { buildApp, resourcesOfType, sharedTemplate } from './fixture';

/** Alarms to one SNS topic, active tracing, JSON logs with the request id. */
describe('alarms', () => {
  const { template } = sharedTemplate();
  const alarms = resourcesOfType(template, 'AWS::CloudWatch::Alarm').map(
    ([, alarm]) => alarm.Properties ?? {},
  );
  const topicId = resourcesOfType(template, 'AWS::SNS::Topic')[0]?.[0] ?? '';

  const alarmOn = (metricName: string, dimension?: string) =>
    alarms.filter(
      (alarm) =>
        alarm.MetricName === metricName &&
        (dimension === undefined || JSON.stringify(alarm.Dimensions).includes(`{"Ref":"${dimension}"}`)),
    );

  it('send every alarm to the one encrypted topic', () => {
    expect(resourcesOfType(template, 'AWS::SNS::Topic')).toHaveLength(1);
    expect(alarms.length).toBeGreaterThanOrEqual(14);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: {} });
  });

  // enforceSSL's Deny alone left CloudWatch nothing that allows it to publish
  // (docs/decisions.md, "Alarm topic policy").
  it('let this account’s CloudWatch alarms publish to the topic, over TLS only', () => {
    const policies = resourcesOfType(template, 'AWS::SNS::TopicPolicy').map(
      ([, policy]) => policy.Properties,
    );
    expect(policies).toHaveLength(1);
    expect(policies[0]?.Topics).toEqual([{ Ref: topicId }]);
    const document = policies[0]?.PolicyDocument as { Statement: Record<string, unknown>[] };
    const allows = document.Statement.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toEqual([
      expect.objectContaining({
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: topicId },
        Condition: {
          ArnLike: { 'aws:SourceArn': expect.anything() },
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        },
      }),
    ]);
    expect(JSON.stringify(allows[0]?.Condition)).toContain(':cloudwatch:');
    expect(JSON.stringify(allows[0]?.Condition)).toContain(':alarm:*');
    expect(document.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('fire when a dead-letter queue holds or receives a message', () => {
    expect(alarmOn('ApproximateNumberOfMessagesVisible')).toHaveLength(2);
    expect(alarmOn('NumberOfMessagesReceived')).toHaveLength(2);
    for (const alarm of [
      ...alarmOn('ApproximateNumberOfMessagesVisible'),
      ...alarmOn('NumberOfMessagesReceived'),
    ]) {
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
  });

  it('fire on worker errors and throttles, authorizer errors and API 5xx', () => {
    for (const fn of ['WorkerFunction', 'MediaWorkerFunction', 'DeadLettersFunction']) {
      expect(alarmOn('Errors', fn), fn).toHaveLength(1);
      expect(alarmOn('Throttles', fn), fn).toHaveLength(1);
    }
    for (const fn of ['HttpAuthorizerFunction', 'WsAuthorizerFunction'])
      expect(alarmOn('Errors', fn), fn).toHaveLength(1);
    expect(alarmOn('5xx')).toHaveLength(1);
    expect(alarmOn('5xx')[0]).toMatchObject({ Namespace: 'AWS/ApiGateway', Statistic: 'Sum', Threshold: 0 });
  });

  it('fire on the provider error rate, counted from the workers’ log lines', () => {
    const filters = resourcesOfType(template, 'AWS::Logs::MetricFilter').map(
      ([, filter]) => filter.Properties ?? {},
    );
    for (const [metricName, message] of Object.entries(PROVIDER_CALL_LOG_MESSAGES)) {
      const matching = filters.filter((filter) =>
        JSON.stringify(filter.MetricTransformations).includes(`"MetricName":"${metricName}"`),
      );
      expect(matching, metricName).toHaveLength(2);
      for (const filter of matching) expect(filter.FilterPattern).toBe(`"${message}"`);
    }
    const rate = alarms.find((alarm) => JSON.stringify(alarm.Metrics ?? []).includes('ProviderCallsFailed'));
    expect(rate).toMatchObject({ Threshold: PROVIDER_ERROR_RATE_PERCENT });
    expect(JSON.stringify(rate?.Metrics)).toContain(METRIC_NAMESPACE);
  });

  it('fire when a job has waited too long in its queue', () => {
    const waits = alarmOn('ApproximateAgeOfOldestMessage');
    expect(waits.map((alarm) => alarm.Threshold).sort((a, b) => Number(a) - Number(b))).toEqual([
      JOB_WAIT_ALARM_SECONDS.text,
      JOB_WAIT_ALARM_SECONDS.media,
    ]);
    for (const alarm of waits) {
      expect(alarm).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Period: 60 });
    }
    // The job queues (those with a dead-letter queue behind them), not their dead-letter queues.
    const jobQueues = resourcesOfType(template, 'AWS::SQS::Queue')
      .filter(([, queue]) => queue.Properties?.RedrivePolicy)
      .map(([id]) => id)
      .sort();
    const watched = waits
      .map((alarm) => /"Fn::GetAtt":\["([^"]+)","QueueName"\]/.exec(JSON.stringify(alarm.Dimensions))?.[1])
      .sort();
    expect(watched).toEqual(jobQueues);
  });

  it('count jobs by outcome from the lines of the functions that end them', () => {
    const filters = resourcesOfType(template, 'AWS::Logs::MetricFilter').map(
      ([, filter]) => filter.Properties ?? {},
    );
    for (const [metricName, message] of Object.entries(JOB_STATUS_LOG_MESSAGES)) {
      const matching = filters.filter((filter) =>
        JSON.stringify(filter.MetricTransformations).includes(`"MetricName":"${metricName}"`),
      );
      // The text worker, the media worker and the dead-letter consumer.
      expect(matching, metricName).toHaveLength(3);
      for (const filter of matching) expect(filter.FilterPattern).toBe(`"${message}"`);
    }
  });

  it('show jobs, queues, workers, the API and the providers on one dashboard', () => {
    const dashboards = resourcesOfType(template, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.[1].Properties?.DashboardBody);
    for (const metric of [
      'NumberOfMessagesSent',
      'JobsSucceeded',
      'JobsFailed',
      'ApproximateNumberOfMessagesVisible',
      'ApproximateNumberOfMessagesNotVisible',
      'ApproximateAgeOfOldestMessage',
      'Errors',
      'Throttles',
      'Duration',
      'Count',
      '4xx',
      '5xx',
      'Latency',
      'ProviderCallsFailed',
      'ProviderCallsSucceeded',
    ]) {
      expect(body, metric).toContain(`\\"${metric}\\"`);
    }
    for (const fn of ['WorkerFunction', 'MediaWorkerFunction']) expect(body).toContain(fn);
  });

  it('e-mail the topic only when alarmEmail is set', () => {
    expect(resourcesOfType(template, 'AWS::SNS::Subscription')).toHaveLength(0);
    const { stack } = buildApp({ context: { alarmEmail: 'ops@agency.test' } });
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@agency.test',
    });
  });

  it('trace every function with X-Ray and log JSON lines (Lambda adds the request id)', () => {
    const functions = resourcesOfType(template, 'AWS::Lambda::Function').filter(([id]) =>
      id.endsWith('Function'),
    );
    expect(functions.length).toBeGreaterThan(20);
    for (const [id, fn] of functions) {
      expect(fn.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(fn.Properties?.LoggingConfig, id).toMatchObject({ LogFormat: 'JSON' });
    }
  });
});
