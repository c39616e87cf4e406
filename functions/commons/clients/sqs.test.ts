import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AwsJsonService,
  serviceError,
  startAwsJsonService,
  useServiceEndpoint,
} from '#functions/commons/testing/aws-json-service';
import type { AwsError } from './aws-json-client';
import { changeMessageVisibility, sendMessage, sqsClient } from './sqs';

/**
 * The handlers' SQS calls against a local server speaking SQS's JSON protocol: what goes on the wire,
 * the body digest check the SDK also makes, and errors named as the SDK names them. fauxqs covers the
 * same calls end to end in the integration tests (generation jobs, retries, dead letters).
 */

const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/jobs';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

let sqs: AwsJsonService;
let restore: () => void;

beforeAll(async () => {
  sqs = await startAwsJsonService();
  restore = useServiceEndpoint('SQS', sqs.origin);
});

afterAll(async () => {
  restore();
  await sqs.close();
});

beforeEach(() => {
  sqs.calls.length = 0;
  sqs.answerWith((call) => ({
    status: 200,
    body: { MessageId: 'message-1', MD5OfMessageBody: md5(String(call.input.MessageBody)) },
  }));
});

describe('sendMessage', () => {
  it("sends the queue URL and body as SQS's JSON protocol, signed for sqs", async () => {
    const body = JSON.stringify({ jobId: '01JOB', note: 'ünïcode' });
    const output = await sendMessage({ QueueUrl: QUEUE_URL, MessageBody: body, DelaySeconds: 2 });
    expect(output.MessageId).toBe('message-1');
    expect(sqs.calls).toHaveLength(1);
    const [call] = sqs.calls;
    expect(call?.target).toBe('AmazonSQS.SendMessage');
    expect(call?.contentType).toBe('application/x-amz-json-1.0');
    expect(call?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=\w+\/\d{8}\/[\w-]+\/sqs\/aws4_request/);
    expect(call?.input).toEqual({ QueueUrl: QUEUE_URL, MessageBody: body, DelaySeconds: 2 });
  });

  it('refuses a reply whose body digest is not the digest of the body sent', async () => {
    sqs.answerWith(() => ({ status: 200, body: { MessageId: 'm', MD5OfMessageBody: md5('other body') } }));
    await expect(sendMessage({ QueueUrl: QUEUE_URL, MessageBody: 'sent body' })).rejects.toThrow(
      'InvalidChecksumError',
    );
  });

  it('names a refusal as the SDK does, with its status, and does not retry it', async () => {
    sqs.answerWith(() =>
      serviceError(400, 'com.amazonaws.sqs#QueueDoesNotExist', 'The specified queue does not exist.'),
    );
    const error = (await sendMessage({ QueueUrl: QUEUE_URL, MessageBody: 'x' }).catch(
      (caught: unknown) => caught,
    )) as AwsError;
    expect(error.name).toBe('QueueDoesNotExist');
    expect(error.message).toBe('The specified queue does not exist.');
    expect(error.$fault).toBe('client');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(sqs.calls).toHaveLength(1);
  });
});

describe('changeMessageVisibility', () => {
  it('sends the receipt handle and the new timeout', async () => {
    sqs.answerWith(() => ({ status: 200, body: {} }));
    await changeMessageVisibility({ QueueUrl: QUEUE_URL, ReceiptHandle: 'receipt-1', VisibilityTimeout: 0 });
    expect(sqs.calls.map((call) => [call.target, call.input])).toEqual([
      [
        'AmazonSQS.ChangeMessageVisibility',
        { QueueUrl: QUEUE_URL, ReceiptHandle: 'receipt-1', VisibilityTimeout: 0 },
      ],
    ]);
  });
});

describe('sqsClient', () => {
  it('builds one client per endpoint, so a restarted emulator on another port is reached', () => {
    const first = sqsClient();
    expect(sqsClient()).toBe(first);
    const back = useServiceEndpoint('SQS', 'http://127.0.0.1:1');
    try {
      expect(sqsClient()).not.toBe(first);
    } finally {
      back();
    }
  });
});
