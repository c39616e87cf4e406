import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { envNames } from '#contract/routes';
import { deadLetterMessage, handler } from './handler';

/**
 * The dead-letter consumer when DynamoDB fails (throttling, which no emulator produces): the message
 * is reported as a batch item failure, so it stays in the DLQ and is tried again, instead of being
 * deleted with its job still 'running'. The happy path runs against the emulators
 * (test/integration/job-dead-letters.test.ts).
 */

const dynamo = mockClient(DynamoDBDocumentClient);

function event(...bodies: string[]): SQSEvent {
  return {
    Records: bodies.map((body, index) => ({
      messageId: `m${index}`,
      receiptHandle: `r${index}`,
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'sqs',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:jobs-dlq',
      awsRegion: 'us-east-1',
    })),
  };
}

beforeEach(() => {
  dynamo.reset();
  process.env[envNames.tableName] = 'lbm-test';
});

describe('dead-letter consumer', () => {
  it('keeps a message in the DLQ when the job cannot be read or written', async () => {
    const throttled = Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
      name: 'ProvisionedThroughputExceededException',
    });
    dynamo.rejects(throttled);
    const reply = await handler(event(JSON.stringify({ jobId: '01JOBIDTHROTTLED0000000000' })));
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect(dynamo.calls().length).toBeGreaterThan(0);
  });

  it('consumes the message on a later delivery once the table answers again', async () => {
    // Throttled on the first delivery (the SDK's retries exhausted), answering on the redelivery: the
    // job is gone by then, so there is nothing left to fail and the message leaves the DLQ.
    dynamo
      .on(GetCommand)
      .rejectsOnce(new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} }))
      .resolves({});
    const body = JSON.stringify({ jobId: '01JOBIDTHROTTLED0000000000' });
    expect((await handler(event(body))).batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect((await handler(event(body))).batchItemFailures).toEqual([]);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('drops a malformed message without touching the table', async () => {
    const reply = await handler(event('not json', JSON.stringify({ other: 1 })));
    expect(reply.batchItemFailures).toEqual([]);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('names the attempts and the last reason in the message', () => {
    expect(deadLetterMessage(null)).toBe('Generation did not finish after 3 attempts. Please try again.');
    expect(deadLetterMessage('OpenAI had a server problem (HTTP 500).')).toBe(
      'Generation did not finish after 3 attempts. Please try again. Last error: OpenAI had a server problem (HTTP 500).',
    );
  });
});
