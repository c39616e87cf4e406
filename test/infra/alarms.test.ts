import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { METRIC_NAMESPACE, PROVIDER_ERROR_RATE_PERCENT } from '#infra/alarms';
import { PROVIDER_CALL_LOG_MESSAGES } from '#infra/provider-call-log';
import { buildApp, resourcesOfType, sharedTemplate } from './fixture';

/** Issue 17 item 3: alarms to one SNS topic, active tracing, JSON logs with the request id. */
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
