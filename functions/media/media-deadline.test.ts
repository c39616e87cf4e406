import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_RECEIVE_COUNT } from '#contract/queue-timing';
import { envNames } from '#contract/routes';
import { JobDeadlineError } from '#functions/generation/job-deadline';
import type { StoredJob } from '#functions/generation/job-store';
import type { ServerEvent } from '#functions/websocket/notifier';
import type { RegisteredMediaTool } from './media-tool';
import { handler } from './worker';

/**
 * The media worker's deadline (as the text worker has it: docs/decisions.md, "Deadline"): a tool that
 * outlives the invocation is stopped at the remaining time minus the margin, and the job is retried, or
 * failed on its last delivery, with the deadline's message. The store, the pushes and SQS are stand-ins; the
 * worker, the job engine and the deadline are the real ones.
 */

const jobs = vi.hoisted(() => ({
  startAttempt: vi.fn<(jobId: string) => Promise<StoredJob | null>>(),
  finishJob: vi.fn<(jobId: string, outcome: { status: string; error?: string }) => Promise<void>>(),
  noteRetry: vi.fn<(jobId: string, error: string) => Promise<void>>(),
  saveProgress: vi.fn<() => Promise<void>>(),
  publicJob: vi.fn((job: StoredJob) => job),
}));
vi.mock('#functions/generation/job-store', () => jobs);

const pushes = vi.hoisted(() => ({ events: [] as Array<{ userId: string; type: string; error?: unknown }> }));
vi.mock('#functions/websocket/notifier', () => ({
  notifyUser: async (userId: string, event: ServerEvent) => {
    pushes.events.push({ userId, type: event.type, error: event.error });
    return 1;
  },
  jobSucceededEvent: (jobId: string, tool: string, job: unknown) => ({
    type: 'job.succeeded',
    jobId,
    tool,
    job,
  }),
}));

/** A media tool whose provider never answers, and that ignores the signal (the worst case). */
const stuckTool: RegisteredMediaTool = {
  name: 'stuck-image',
  requestSchema: z.unknown(),
  clientId: () => null,
  savesToClient: () => false,
  run: () => new Promise(() => undefined),
  contentToSave: () => null,
  activity: () => ({ action: 'image_generation', resourceType: 'image', details: {} }),
};
vi.mock('./media-tools', () => ({ findMediaTool: async () => stuckTool }));

const sqs = mockClient(SQSClient);

function storedJob(): StoredJob {
  return {
    id: '01JMEDIA',
    tool: 'stuck-image',
    status: 'running',
    progress: 0,
    result: null,
    error: null,
    servedBy: null,
    savedContentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    userId: 'user-1',
    userEmail: 'user@example.com',
    isAdmin: false,
    userAgent: null,
    parentJobId: null,
    request: {},
    attempts: 1,
    partial: null,
    neverQueued: false,
    accounting: null,
  };
}

function sqsEvent(receiveCount: number): SQSEvent {
  return {
    Records: [
      {
        messageId: 'message-1',
        receiptHandle: 'receipt-1',
        body: JSON.stringify({ jobId: '01JMEDIA' }),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:media-jobs',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

function context(remainingMs: number): Context {
  const deadline = Date.now() + remainingMs;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
}

beforeEach(() => {
  vi.useFakeTimers();
  sqs.reset();
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
  for (const mock of [jobs.startAttempt, jobs.finishJob, jobs.noteRetry, jobs.saveProgress]) mock.mockReset();
  jobs.startAttempt.mockResolvedValue(storedJob());
  pushes.events = [];
  process.env[envNames.mediaJobsQueueUrl] = 'https://sqs.us-east-1.amazonaws.com/123456789012/media-jobs';
});

afterEach(() => {
  vi.useRealTimers();
});

describe('media worker deadline', () => {
  it('stops a stuck tool at the remaining time minus the margin and retries the job with the reason', async () => {
    let settled = false;
    const reply = handler(sqsEvent(1), context(600_000)).then((value) => {
      settled = true;
      return value;
    });
    // 600 s remaining: the margin is its largest, 15 s.
    await vi.advanceTimersByTimeAsync(584_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { batchItemFailures } = await reply;
    expect(batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
    const message = new JobDeadlineError(600).message;
    expect(jobs.noteRetry).toHaveBeenCalledWith('01JMEDIA', message);
    expect(message).toMatch(/time limit of 600 s/);
    expect(pushes.events).toEqual([{ userId: 'user-1', type: 'job.retrying', error: message }]);
    expect(jobs.finishJob).not.toHaveBeenCalled();
    // The message comes back after the retry backoff, not the queue's visibility timeout.
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(1);
  });

  it('fails the job with the reason on its last delivery', async () => {
    const reply = handler(sqsEvent(MAX_RECEIVE_COUNT), context(60_000));
    await vi.advanceTimersByTimeAsync(60_000);
    await reply;
    const message = new JobDeadlineError(60).message;
    expect(jobs.finishJob).toHaveBeenCalledWith('01JMEDIA', { status: 'failed', error: message });
    expect(pushes.events).toEqual([{ userId: 'user-1', type: 'job.failed', error: message }]);
    expect(jobs.noteRetry).not.toHaveBeenCalled();
  });
});
