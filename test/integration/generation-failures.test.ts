import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqsClient } from '#functions/commons/clients/sqs';
import {
  type FakeOpenAiReply,
  type FakeOpenAiServer,
  openAiErrorBody,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Failure paths of the engine against a local server that speaks OpenAI's wire format: transient
 * failures are retried by redelivery and end in the DLQ after three receives; a bad key fails at once
 * with a message naming the provider; a transient failure followed by success completes the job.
 */

const serverError: FakeOpenAiReply = {
  kind: 'error',
  status: 500,
  body: openAiErrorBody('The server had an error while processing your request.', 'server_error'),
  // retry-after 0 keeps the adapter's own retries instant; the job-level retries are what we watch.
  headers: { 'retry-after': '0' },
};

let app: TestRuntime;
let user: TestUser;
let provider: FakeOpenAiServer;
let replies: FakeOpenAiReply[];

beforeAll(async () => {
  replies = [];
  provider = await startFakeOpenAiServer({
    chunks: ['<h1>Recovered newsletter</h1>', '<p>All good now.</p>'],
    get replies() {
      return replies;
    },
  });
  app = await startTestRuntime({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: provider.baseUrl,
    },
  });
  user = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

async function generate(topic: string): Promise<string> {
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: user.idToken,
    body: { topic, model: 'gpt-4o' },
  });
  expect(queued.status).toBe(202);
  return queued.body.jobId;
}

describe('generation failures', () => {
  it('retries a transient provider failure by redelivery and moves the message to the DLQ after three receives', async () => {
    const before = provider.requests.length;
    replies.push(...Array.from({ length: 9 }, () => serverError));
    const jobId = await generate('Always failing');
    // The stack's timing: 10 s, then 20 s of retry backoff (plus up to a fifth) between deliveries.
    const job = await waitForJob(app, user.idToken, jobId, ['failed'], 90_000);
    expect(job.error).toMatch(/OpenAI/);
    // Three deliveries, each with the adapter's own three attempts.
    expect(provider.requests.length - before).toBe(9);
    // The last failure leaves the message visible at once, so SQS moves it to the DLQ (whose consumer
    // finds the job already failed) instead of keeping it in the jobs queue for another backoff.
    let left = -1;
    for (let tries = 0; tries < 30 && left !== 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const attributes = await sqsClient().send(
        new GetQueueAttributesCommand({
          QueueUrl: app.runtime.queues.queueUrl,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      left =
        Number(attributes.Attributes?.ApproximateNumberOfMessages) +
        Number(attributes.Attributes?.ApproximateNumberOfMessagesNotVisible);
    }
    expect(left).toBe(0);
  }, 100_000);

  it('fails at once, without redelivery, when the provider refuses the key', async () => {
    const before = provider.requests.length;
    replies.length = 0;
    replies.push(...Array.from({ length: before }, () => serverError), {
      kind: 'error',
      status: 401,
      body: openAiErrorBody(
        'Incorrect API key provided: sk-test.',
        'invalid_request_error',
        'invalid_api_key',
      ),
    });
    const jobId = await generate('Bad key');
    const job = await waitForJob(app, user.idToken, jobId, ['failed']);
    expect(job.error).toMatch(/OpenAI/);
    expect(job.error).toMatch(/key/i);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(provider.requests.length - before).toBe(1);
  });

  it('completes a job whose first delivery failed', async () => {
    const before = provider.requests.length;
    replies.length = 0;
    replies.push(...Array.from({ length: before }, () => serverError), serverError, serverError, serverError);
    const jobId = await generate('Second time lucky');
    const job = await waitForJob(app, user.idToken, jobId, ['succeeded', 'failed'], 45_000);
    expect(job.status).toBe('succeeded');
    expect((job.result as { generatedHtml: string; provider: string }).generatedHtml).toContain(
      'Recovered newsletter',
    );
    expect((job.result as { provider: string }).provider).toBe('openai');
    expect(provider.requests.length - before).toBe(4);
  });
});
