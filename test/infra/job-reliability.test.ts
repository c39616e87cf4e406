import { describe, expect, it } from 'vitest';
import {
  MAX_RECEIVE_COUNT,
  MEDIA_WORKER_TIMEOUT_SECONDS,
  queueVisibilitySeconds,
  WORKER_TIMEOUT_SECONDS,
} from '#contract/queue-timing';
import { WORKER_TIMEOUT } from '#infra/stack';
import { actionsOfFunction, logicalIdOf, resourcesOf, sharedTemplate, statementsOfFunction } from './fixture';

/**
 * docs/decisions.md, "Deployment", in the template: the workers' timeouts and
 * visibility timeouts come from the one module the local runtime also reads, and both dead-letter queues feed
 * a consumer that may write the table and push to the WebSocket, and nothing else.
 */
describe('job reliability', () => {
  const { template } = sharedTemplate();
  const all = resourcesOf(template);

  it('gives the workers and their queues the timings the local runtime uses', () => {
    expect(WORKER_TIMEOUT.toSeconds()).toBe(WORKER_TIMEOUT_SECONDS);
    expect(all.WorkerFunction?.Properties).toMatchObject({ Timeout: WORKER_TIMEOUT_SECONDS });
    expect(all.MediaWorkerFunction?.Properties).toMatchObject({ Timeout: MEDIA_WORKER_TIMEOUT_SECONDS });
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: queueVisibilitySeconds(WORKER_TIMEOUT_SECONDS),
      RedrivePolicy: { maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: queueVisibilitySeconds(MEDIA_WORKER_TIMEOUT_SECONDS),
      RedrivePolicy: { maxReceiveCount: MAX_RECEIVE_COUNT },
    });
  });

  it('lets the workers shorten a failed message’s visibility (the retry backoff)', () => {
    expect(actionsOfFunction(template, 'WorkerFunction')).toContain('sqs:ChangeMessageVisibility');
    expect(actionsOfFunction(template, 'MediaWorkerFunction')).toContain('sqs:ChangeMessageVisibility');
  });

  it('feeds both dead-letter queues to the dead-letter consumer, with batch item failures', () => {
    for (const queue of ['JobsDeadLetters', 'MediaQueueDeadLetters']) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: 'DeadLettersFunction' },
        EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(template, 'AWS::SQS::Queue', queue), 'Arn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });

  it('lets the dead-letter consumer touch only the table, the WebSocket, its two queues, the jobs queue and the provider keys (its next rows’ estimates)', () => {
    const actions = actionsOfFunction(template, 'DeadLettersFunction');
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(actions).toContain('execute-api:ManageConnections');
    expect(actions.filter((action) => /^(s3|kms):/.test(action))).toEqual([]);
    expect(actions.filter((action) => action.startsWith('secretsmanager:'))).toEqual([
      'secretsmanager:GetSecretValue',
    ]);
    // A bulk run's row failed there feeds the run its next rows: sent to the jobs queue only.
    const sends = statementsOfFunction(template, 'DeadLettersFunction').filter((statement) =>
      statement.actions.includes('sqs:SendMessage'),
    );
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends[0]?.resources)).toMatch(/JobsQueue/);
    expect(JSON.stringify(sends[0]?.resources)).not.toMatch(/Dlq|DeadLetter|Media/i);
  });
});
