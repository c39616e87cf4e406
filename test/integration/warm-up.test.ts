import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { sqsClient } from '#functions/commons/clients/sqs';
import { requireEnv } from '#functions/commons/env';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { rehearsalSteps, warmUpHandlers } from '#local/warm-up';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The warm-up `npm start` runs after ready (docs/decisions.md, "Warm-up after ready") starts the functions'
 * threads and rehearses a generation in them so the first real one does not pay for it. It runs on a live app
 * with people's data in it, so every step must succeed and leave nothing behind: no row in the table (no job,
 * activity or library item in anyone's view, as a scan shows), no message left in the queue or its
 * dead-letter queue.
 */

let provider: FakeOpenAiServer;
let app: TestRuntime;
let owner: TestUser;

async function tableRows(): Promise<string[]> {
  const { Items = [] } = await dynamoDocumentClient().send(
    new ScanCommand({ TableName: requireEnv('tableName') }),
  );
  return Items.map((item) => JSON.stringify(item)).sort();
}

async function messagesIn(queueUrl: string): Promise<number> {
  const { Attributes = {} } = await sqsClient().send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

/** Until the queue is empty: the rehearsal's message has gone through the poller and the worker. */
async function queueDrained(queueUrl: string): Promise<void> {
  while ((await messagesIn(queueUrl)) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  // A provider key, so the warm-up rehearses that provider's adapter (against its own local stand-in).
  provider = await startFakeOpenAiServer();
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.baseUrl } });
  owner = await app.createUser();
  const client = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Bright Smile Dental' },
  });
  expect(client.status).toBe(201);
  const job = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: owner.idToken,
    body: { topic: 'Spring checklist', model: 'gpt-4o', clientId: client.body.id, saveToClient: true },
  });
  expect(job.status).toBe(202);
  await queueDrained(requireEnv('jobsQueueUrl'));
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

describe('warm-up after ready', () => {
  it('rehearses the generation request and the queue and worker inside the functions', () => {
    expect(Object.keys(rehearsalSteps(app.runtime.functions))).toEqual([
      'generation request',
      'job queue and worker',
    ]);
  });

  it('succeeds at every step and leaves the data as it found it', async () => {
    const before = await tableRows();
    expect(before.some((row) => row.includes('Spring checklist'))).toBe(true);
    const providerCalls = provider.requests.length;
    const report = await warmUpHandlers(app.runtime.functions);
    expect(report.failed).toEqual([]);
    // The threads a generation goes through are running: the warm-up warmed them, not the test process.
    expect(app.runtime.functions.running()).toEqual(
      expect.arrayContaining([
        'HttpAuthorizer',
        'WsAuthorizer',
        'GenerateNewsletter',
        'Worker',
        'MediaWorker',
      ]),
    );
    await queueDrained(requireEnv('jobsQueueUrl'));
    expect(await tableRows()).toEqual(before);
    expect(await messagesIn(app.runtime.queues.deadLetterQueueUrl)).toBe(0);
    // The configured provider is never called: its adapter was rehearsed against a stand-in of its own.
    expect(provider.requests.length).toBe(providerCalls);
  }, 120_000);
});
