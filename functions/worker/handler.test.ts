import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envNames } from '#contract/routes';
import type { RunOutcome } from '#functions/generation/job-attempt';
import { JobDeadlineError } from '#functions/generation/job-deadline';
import { handler } from './handler';

/**
 * The worker's side of a retry and of the deadline, with the job engine replaced: which visibility it
 * gives a failed message (aws-sdk-client-mock stands in for SQS, including a refused call), and when it
 * aborts the job.
 */

const runJob = vi.hoisted(() =>
  vi.fn<(jobId: string, receiveCount: number, signal: AbortSignal) => Promise<RunOutcome>>(),
);
vi.mock('#functions/generation/run-job', () => ({ runJob }));

const QUEUE_URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/jobs';
const sqs = mockClient(SQSClient);

function record(receiveCount: number, id = 'message-1'): SQSRecord {
  return {
    messageId: id,
    receiptHandle: `receipt-${id}`,
    body: JSON.stringify({ jobId: `job-${id}` }),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:jobs',
    awsRegion: 'us-east-1',
  };
}

function context(remainingMs: number): Context {
  const deadline = Date.now() + remainingMs;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
}

const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

beforeEach(() => {
  sqs.reset();
  runJob.mockReset();
  process.env[envNames.jobsQueueUrl] = QUEUE_URL;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('worker retry backoff', () => {
  it('gives a retried message the backoff as its visibility before reporting it as failed', async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    runJob.mockResolvedValue({ kind: 'retry' });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const reply = await handler(event(record(2)), context(300_000));
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    const calls = sqs.commandCalls(ChangeMessageVisibilityCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      QueueUrl: QUEUE_URL,
      ReceiptHandle: 'receipt-message-1',
      VisibilityTimeout: 20,
    });
    vi.mocked(Math.random).mockRestore();
  });

  it("waits as long as the provider's retry-after when that is longer", async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    runJob.mockResolvedValue({ kind: 'retry', retryAfterMs: 42_000 });
    await handler(event(record(1)), context(300_000));
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)[0]?.args[0].input.VisibilityTimeout).toBe(42);
  });

  it('leaves a finished job alone', async () => {
    runJob.mockResolvedValue({ kind: 'done' });
    const reply = await handler(event(record(1)), context(300_000));
    expect(reply.batchItemFailures).toEqual([]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(0);
  });

  it('still reports the failure when SQS refuses the visibility change (the queue timeout then applies)', async () => {
    sqs.on(ChangeMessageVisibilityCommand).rejects(new Error('ReceiptHandleIsInvalid'));
    runJob.mockRejectedValue(new Error('DynamoDB throttled'));
    const reply = await handler(event(record(1)), context(300_000));
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(1);
  });
});

describe('worker deadline', () => {
  it("aborts the job at the invocation's remaining time minus the margin, with a JobDeadlineError", async () => {
    vi.useFakeTimers();
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    let abortedAt = -1;
    let reason: unknown;
    const started = Date.now();
    runJob.mockImplementation(
      (_jobId, _count, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            abortedAt = Date.now() - started;
            reason = signal.reason;
            resolve({ kind: 'retry' });
          });
        }),
    );
    const reply = handler(event(record(1)), context(300_000));
    await vi.advanceTimersByTimeAsync(284_999);
    expect(abortedAt).toBe(-1);
    await vi.advanceTimersByTimeAsync(1);
    await reply;
    // 300 s remaining, 15 s margin.
    expect(abortedAt).toBe(285_000);
    expect(reason).toBeInstanceOf(JobDeadlineError);
    expect((reason as Error).message).toMatch(/time limit of 300 s/);
  });

  it('keeps a margin of at least 2 s on a short invocation', async () => {
    vi.useFakeTimers();
    let abortedAt = -1;
    const started = Date.now();
    runJob.mockImplementation(
      (_jobId, _count, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            abortedAt = Date.now() - started;
            resolve({ kind: 'done' });
          });
        }),
    );
    const reply = handler(event(record(1)), context(10_000));
    await vi.advanceTimersByTimeAsync(10_000);
    await reply;
    expect(abortedAt).toBe(8_000);
  });
});

describe('worker last attempt', () => {
  it('makes the message visible at once after its last receive, so it moves to the DLQ without a wait', async () => {
    sqs.on(ChangeMessageVisibilityCommand).resolves({});
    runJob.mockResolvedValue({ kind: 'retry', retryAfterMs: 30_000 });
    await handler(event(record(3)), context(300_000));
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)[0]?.args[0].input.VisibilityTimeout).toBe(0);
  });
});
