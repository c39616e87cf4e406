import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqsClient } from '#functions/commons/clients/sqs';
import { createJob } from '#functions/generation/job-store';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * A job whose message reaches a dead-letter queue (docs/decisions.md, "Deployment") while the job is still
 * queued or running (the worker timed out or crashed on its last delivery) is failed by the DLQ consumer, and
 * its user hears so over the WebSocket. The job is written straight to the table, as a worker that died would
 * have left it, and its message put on each DLQ as SQS's redrive would.
 */

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
});

async function strandedJob(): Promise<string> {
  const jobId = ulid();
  await createJob(
    { userId: user.userId, email: user.email, isAdmin: false, authMethod: 'token' },
    'newsletter',
    { topic: 'Stranded', model: 'gpt-4o' },
    null,
    jobId,
  );
  return jobId;
}

describe('dead-letter consumer', () => {
  it.each([
    ['text', () => app.runtime.queues.deadLetterQueueUrl],
    ['media', () => app.runtime.queues.mediaDeadLetterQueueUrl],
  ])('fails a %s job left unfinished and tells its user', async (_kind, queueUrl) => {
    const url = queueUrl();
    const events = await collectEvents(app, user.idToken);
    try {
      const jobId = await strandedJob();
      await sqsClient().send(
        new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify({ jobId }) }),
      );
      const pushed = await events.waitFor((event) => event.type === 'job.failed' && event.jobId === jobId);
      expect(pushed.error).toMatch(/did not finish after 3 attempts/);
      const job = await waitForJob(app, user.idToken, jobId, ['failed']);
      expect(job.error).toBe(pushed.error);
    } finally {
      events.close();
    }
  });

  it('leaves a job that already finished as it was', async () => {
    const events = await collectEvents(app, user.idToken);
    try {
      const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
        token: user.idToken,
        body: { topic: 'Finished before the DLQ', model: 'gpt-4o' },
      });
      const done = await waitForJob(app, user.idToken, queued.body.jobId, ['succeeded', 'failed']);
      expect(done.status).toBe('succeeded');
      await sqsClient().send(
        new SendMessageCommand({
          QueueUrl: app.runtime.queues.deadLetterQueueUrl,
          MessageBody: JSON.stringify({ jobId: queued.body.jobId }),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const after = await waitForJob(app, user.idToken, queued.body.jobId, ['succeeded', 'failed']);
      expect(after.status).toBe('succeeded');
      expect(events.events.some((event) => event.type === 'job.failed')).toBe(false);
    } finally {
      events.close();
    }
  });
});
