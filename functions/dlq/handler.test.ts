import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalHttpServer, startLocalHttpServer } from '#functions/commons/testing/local-http-server';
import { envNames } from '#infra/routes';
import { deadLetterMessage, handler } from './handler';

/**
 * The dead-letter consumer when DynamoDB fails (throttling, which no emulator produces): the message
 * is reported as a batch item failure, so it stays in the DLQ and is tried again, instead of being
 * deleted with its job still 'running'. DynamoDB is a local server that throttles every request
 * (the client retries each call, then gives up). The happy path runs against the emulators
 * (test/integration/job-dead-letters.test.ts).
 */

let dynamo: LocalHttpServer;
const saved = { ...process.env };

beforeAll(async () => {
  dynamo = await startLocalHttpServer((_request, response) => {
    response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
    response.end(
      JSON.stringify({
        __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
        message: 'Rate of requests exceeds the allowed throughput.',
      }),
    );
  });
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.origin;
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
});

afterAll(async () => {
  process.env = saved;
  await dynamo.close();
});

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
  process.env[envNames.tableName] = 'lbm-test';
});

describe('dead-letter consumer', () => {
  it('keeps a message in the DLQ when the job cannot be read or written', async () => {
    const reply = await handler(event(JSON.stringify({ jobId: '01JOBIDTHROTTLED0000000000' })));
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    // The read was tried three times (the standard retry policy) before the message was kept.
    expect(dynamo.hits.length).toBeGreaterThanOrEqual(3);
  });

  it('drops a malformed message without touching the table', async () => {
    const before = dynamo.hits.length;
    const reply = await handler(event('not json', JSON.stringify({ other: 1 })));
    expect(reply.batchItemFailures).toEqual([]);
    expect(dynamo.hits).toHaveLength(before);
  });

  it('names the attempts and the last reason in the message', () => {
    expect(deadLetterMessage(null)).toBe('Generation did not finish after 3 attempts. Please try again.');
    expect(deadLetterMessage('OpenAI had a server problem (HTTP 500).')).toBe(
      'Generation did not finish after 3 attempts. Please try again. Last error: OpenAI had a server problem (HTTP 500).',
    );
  });
});
