import { createHash } from 'node:crypto';
import { AwsJsonClient } from './aws-json-client';
import { endpoint, memo } from './client-endpoint';

/**
 * The two SQS operations our handlers call, over SQS's JSON protocol (aws-json-client.ts says why not
 * the SDK's client). The queue URL travels in the input, as the JSON protocol requires; requests go to
 * the regional endpoint, which serves every queue of the region, or to AWS_ENDPOINT_URL_SQS locally
 * (fauxqs speaks the same protocol). Errors carry the names the SDK gives them (`QueueDoesNotExist`,
 * `ReceiptHandleIsInvalid`, …).
 */

export const sqsClient = memo(
  'SQS',
  () =>
    new AwsJsonClient({
      service: 'sqs',
      targetPrefix: 'AmazonSQS',
      jsonVersion: '1.0',
      endpoint: endpoint('SQS'),
    }),
);

export interface MessageAttributeValue {
  readonly DataType: 'String' | 'Number' | 'Binary' | `${'String' | 'Number' | 'Binary'}.${string}`;
  readonly StringValue?: string;
  readonly BinaryValue?: Uint8Array;
}

export interface SendMessageInput {
  readonly QueueUrl: string;
  readonly MessageBody: string;
  readonly DelaySeconds?: number;
  readonly MessageAttributes?: Readonly<Record<string, MessageAttributeValue>>;
  /** FIFO queues only. */
  readonly MessageGroupId?: string;
  readonly MessageDeduplicationId?: string;
}

export interface SendMessageOutput {
  readonly MessageId?: string;
  readonly MD5OfMessageBody?: string;
  readonly MD5OfMessageAttributes?: string;
  readonly SequenceNumber?: string;
}

/**
 * Sends one message. Like the SDK, it checks the MD5 digest SQS returns for the body it stored and
 * throws `InvalidChecksumError` when they differ, so a body changed on the way is never taken as sent.
 */
export async function sendMessage(input: SendMessageInput): Promise<SendMessageOutput> {
  const output = (await sqsClient().call('SendMessage', input)) as SendMessageOutput;
  const digest = createHash('md5').update(input.MessageBody, 'utf8').digest('hex');
  if (output.MD5OfMessageBody !== digest) throw new Error('InvalidChecksumError');
  return output;
}

export interface ChangeMessageVisibilityInput {
  readonly QueueUrl: string;
  readonly ReceiptHandle: string;
  /** Seconds from now until the message is visible again (0 to 43,200). */
  readonly VisibilityTimeout: number;
}

export async function changeMessageVisibility(input: ChangeMessageVisibilityInput): Promise<void> {
  await sqsClient().call('ChangeMessageVisibility', input);
}
