import { CreateQueueCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sqsClient } from '#functions/commons/clients/sqs';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import { enqueueJob } from '#functions/generation/job-queue';
import { ABANDONED_JOB_MS } from '#functions/generation/job-slots';
import { envNames } from '#infra/routes';
import {
  IDEMPOTENCY_KEY_HEADER,
  JOB_NOT_QUEUED_MESSAGE,
  MAX_UNFINISHED_JOBS_PER_USER,
} from '#shared/generation-jobs';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Admission of generation jobs: the per-user cap on unfinished jobs (429 past it, exact under races)
 * and the Idempotency-Key contract (one job and one queue message per user and key).
 *
 * While a test runs, the generation endpoints queue into a probe queue that no poller reads (the
 * handlers read the queue URL at call time), so jobs stay queued and the test counts the messages.
 */

let app: TestRuntime;
let realQueueUrl: string;
let probeQueueUrl: string;

beforeAll(async () => {
  app = await startTestRuntime();
  realQueueUrl = app.runtime.queues.queueUrl;
});

afterAll(async () => {
  process.env[envNames.jobsQueueUrl] = realQueueUrl;
  await app?.stop();
});

async function useProbeQueue(): Promise<void> {
  const created = await sqsClient().send(
    new CreateQueueCommand({ QueueName: `probe-${Date.now()}-${Math.round(Math.random() * 1e6)}` }),
  );
  probeQueueUrl = created.QueueUrl ?? '';
  process.env[envNames.jobsQueueUrl] = probeQueueUrl;
}

afterEach(() => {
  process.env[envNames.jobsQueueUrl] = realQueueUrl;
});

/** Every job id in the probe queue, one entry per message. */
async function queuedJobIds(): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const reply = await sqsClient().send(
      new ReceiveMessageCommand({ QueueUrl: probeQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    const messages = reply.Messages ?? [];
    if (messages.length === 0) return ids;
    ids.push(...messages.map((message) => (JSON.parse(message.Body ?? '{}') as { jobId: string }).jobId));
  }
}

/** A user's jobs, read by a scan: the app never lists jobs by user, so no index holds them. */
async function jobsOf(user: TestUser): Promise<string[]> {
  const { table, job } = entities();
  const { Items = [] } = await table
    .build(ScanCommand)
    .entities(job)
    .options({ filters: { job: { attr: 'userId', eq: user.userId } }, maxPages: Number.POSITIVE_INFINITY })
    .send();
  return Items.map((row) => row.jobId).sort();
}

function newsletter(user: TestUser, topic: string, key?: string) {
  return app.request<{ jobId: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/generate-newsletter',
    {
      token: user.idToken,
      body: { topic },
      ...(key === undefined ? {} : { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    },
  );
}

describe('Idempotency-Key', () => {
  it('answers a repeated POST with the same job, creating and queueing it once', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const first = await newsletter(user, 'Spring tips', 'tab-resume-key-0001');
    const second = await newsletter(user, 'Spring tips', 'tab-resume-key-0001');
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(second.headers.get('location')).toBe(`/api/jobs/${first.body.jobId}`);
    expect(await jobsOf(user)).toEqual([first.body.jobId]);
    expect(await queuedJobIds()).toEqual([first.body.jobId]);
  });

  it('creates one job when the same key arrives twice at once', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => newsletter(user, 'Racing tabs', 'same-key-at-once')),
    );
    expect(replies.map((reply) => reply.status)).toEqual([202, 202, 202, 202]);
    const ids = new Set(replies.map((reply) => reply.body.jobId));
    expect(ids.size).toBe(1);
    expect(await jobsOf(user)).toEqual([...ids]);
    expect(await queuedJobIds()).toEqual([...ids]);
  });

  it('keeps keys per user, and case-sensitive', async () => {
    await useProbeQueue();
    const [ann, bob] = await Promise.all([app.createUser(), app.createUser()]);
    const annJob = await newsletter(ann, 'Ann', 'shared-key-123');
    const bobJob = await newsletter(bob, 'Bob', 'shared-key-123');
    const annUpper = await newsletter(ann, 'Ann', 'SHARED-KEY-123');
    expect([annJob.status, bobJob.status, annUpper.status]).toEqual([202, 202, 202]);
    expect(new Set([annJob.body.jobId, bobJob.body.jobId, annUpper.body.jobId]).size).toBe(3);
    expect(await jobsOf(bob)).toEqual([bobJob.body.jobId]);
    expect((await queuedJobIds()).sort()).toEqual(
      [annJob.body.jobId, bobJob.body.jobId, annUpper.body.jobId].sort(),
    );
  });

  it('refuses the same key for another tool with 409, and a malformed key with 400 naming the header', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    expect((await newsletter(user, 'First', 'one-key-two-tools')).status).toBe(202);
    const faq = await app.request('POST', '/api/generate-faq', {
      token: user.idToken,
      body: { contentType: 'faq', topic: 'Roof algae', questionCount: 7, headingLevel: 'h4' },
      headers: { [IDEMPOTENCY_KEY_HEADER]: 'one-key-two-tools' },
    });
    expect(faq.status).toBe(409);
    expect(faq.body.error?.message).toMatch(/Idempotency-Key/);
    expect(faq.body.error?.message).toMatch(/newsletter/);

    for (const bad of ['short', 'x'.repeat(65), 'has space in it', 'semi;colon;key', 'ünïcödé-key', '']) {
      const reply = await newsletter(user, 'Bad key', bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.error?.message).toMatch(/Idempotency-Key/);
    }
    expect(await jobsOf(user)).toHaveLength(1);
  });

  it('forgets a key after a day: the expired record starts a new job', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const first = await newsletter(user, 'Old', 'yesterdays-key');
    await entities()
      .idempotencyKey.build(UpdateItemCommand)
      .item({ userId: user.userId, key: 'yesterdays-key', expiresAt: Math.floor(Date.now() / 1000) - 1 })
      .options({ condition: { attr: 'jobId', exists: true } })
      .send();
    const second = await newsletter(user, 'New', 'yesterdays-key');
    expect(second.status).toBe(202);
    expect(second.body.jobId).not.toBe(first.body.jobId);
    const record = await findItem(entities().idempotencyKey, { userId: user.userId, key: 'yesterdays-key' });
    expect(record?.jobId).toBe(second.body.jobId);
    // The TTL attribute AWS expires on: a day ahead.
    expect(record?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  });
});

describe('cap on unfinished jobs', () => {
  it(`admits exactly ${MAX_UNFINISHED_JOBS_PER_USER} of many concurrent POSTs, then answers 429 naming the limit`, async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const replies = await Promise.all(
      Array.from({ length: MAX_UNFINISHED_JOBS_PER_USER + 5 }, (_, index) =>
        newsletter(user, `Flood ${index}`),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 202);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(accepted).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.error?.code).toBe('too_many_jobs');
    expect(refused[0]?.body.error?.message).toContain(String(MAX_UNFINISHED_JOBS_PER_USER));
    expect(await jobsOf(user)).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);
    expect(await queuedJobIds()).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);

    // Another user is not affected.
    expect((await newsletter(await app.createUser(), 'Someone else')).status).toBe(202);
  });

  it('answers a repeated key at the cap with its job, refuses a new key (and frees it), and admits again once a job finishes', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const first = await newsletter(user, 'Keyed', 'keyed-before-cap');
    for (let index = 1; index < MAX_UNFINISHED_JOBS_PER_USER; index += 1) {
      expect((await newsletter(user, `Fill ${index}`)).status).toBe(202);
    }
    const repeat = await newsletter(user, 'Keyed', 'keyed-before-cap');
    expect(repeat.status).toBe(202);
    expect(repeat.body.jobId).toBe(first.body.jobId);

    const refused = await newsletter(user, 'One too many', 'refused-at-cap');
    expect(refused.status).toBe(429);
    const queued = await queuedJobIds();
    expect(queued).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);

    // One job runs to the end through the real queue and worker: its slot is given back.
    process.env[envNames.jobsQueueUrl] = realQueueUrl;
    await enqueueJob(first.body.jobId);
    expect((await waitForJob(app, user.idToken, first.body.jobId)).status).toBe('succeeded');
    const retried = await newsletter(user, 'One too many', 'refused-at-cap');
    expect(retried.status).toBe(202);
    expect(await newsletter(user, 'Over again')).toMatchObject({ status: 429 });
  });

  it('reclaims the slot of a job that finished without giving it back, or was abandoned', async () => {
    await useProbeQueue();
    const user = await app.createUser();
    const ids: string[] = [];
    for (let index = 0; index < MAX_UNFINISHED_JOBS_PER_USER; index += 1) {
      ids.push((await newsletter(user, `Fill ${index}`)).body.jobId);
    }
    expect((await newsletter(user, 'Over')).status).toBe(429);
    // A worker that crashed between finishing the job and releasing its slot.
    await entities()
      .job.build(UpdateItemCommand)
      .item({ jobId: ids[0] ?? '', status: 'failed', error: 'crashed' })
      .options({ condition: { attr: 'jobId', exists: true } })
      .send();
    expect((await newsletter(user, 'Fits again')).status).toBe(202);
    expect((await newsletter(user, 'Over again')).status).toBe(429);
    // A job left running by a worker that died on its last receive (its message is in the DLQ).
    await entities()
      .job.build(UpdateItemCommand)
      .item({
        jobId: ids[1] ?? '',
        status: 'running',
        updatedAt: new Date(Date.now() - ABANDONED_JOB_MS - 60_000).toISOString(),
      })
      .options({ condition: { attr: 'jobId', exists: true } })
      .send();
    expect((await newsletter(user, 'Fits once more')).status).toBe(202);
    expect((await newsletter(user, 'Over once more')).status).toBe(429);
  });
});

/**
 * Issue 29 item 3: creating a job is all or nothing. The queue refuses the message here because the
 * URL names a queue that does not exist (in AWS: a missing permission, a deleted queue, an outage).
 */
describe('a job whose message the queue refuses', () => {
  const refuseMessages = async () => {
    await useProbeQueue();
    process.env[envNames.jobsQueueUrl] = `${probeQueueUrl}-missing`;
  };
  const slotsOf = async (user: TestUser) => [
    ...((await findItem(entities().jobSlots, { userId: user.userId }, { consistent: true }))?.jobIds ?? []),
  ];

  it('is failed, gives its slot back and answers 503, so refusals never lock the user out', async () => {
    await refuseMessages();
    const user = await app.createUser();
    for (let index = 0; index <= MAX_UNFINISHED_JOBS_PER_USER; index += 1) {
      const refused = await newsletter(user, `Refused ${index}`);
      expect(refused.status, `attempt ${index}`).toBe(503);
      expect(refused.body.error).toEqual({ code: 'job_not_queued', message: JOB_NOT_QUEUED_MESSAGE });
      expect(refused.headers.get('retry-after')).toBe('5');
    }
    expect(await slotsOf(user)).toEqual([]);
    const stored = await Promise.all(
      (await jobsOf(user)).map((jobId) => findItem(entities().job, { jobId })),
    );
    expect(stored).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER + 1);
    for (const job of stored) expect(job).toMatchObject({ status: 'failed', error: JOB_NOT_QUEUED_MESSAGE });

    process.env[envNames.jobsQueueUrl] = probeQueueUrl;
    const admitted = await newsletter(user, 'The queue is back');
    expect(admitted.status).toBe(202);
    expect(await queuedJobIds()).toEqual([admitted.body.jobId]);
  });

  it('is sent again, the same job, by a replay of its Idempotency-Key', async () => {
    await refuseMessages();
    const user = await app.createUser();
    const refused = await newsletter(user, 'Send me later', 'resend-after-refusal');
    expect(refused.status).toBe(503);
    const [jobId = ''] = await jobsOf(user);
    const failed = await app.request<{ status: string; error: string }>('GET', `/api/jobs/${jobId}`, {
      token: user.idToken,
    });
    expect(failed.body).toMatchObject({ status: 'failed', error: JOB_NOT_QUEUED_MESSAGE });
    // Still refused: failed again, nothing held.
    expect((await newsletter(user, 'Send me later', 'resend-after-refusal')).status).toBe(503);
    expect(await slotsOf(user)).toEqual([]);

    process.env[envNames.jobsQueueUrl] = probeQueueUrl;
    const replay = await newsletter(user, 'Send me later', 'resend-after-refusal');
    expect(replay.status).toBe(202);
    expect(replay.body.jobId).toBe(jobId);
    expect(await jobsOf(user)).toEqual([jobId]);
    expect(await slotsOf(user)).toEqual([jobId]);
    expect(await findItem(entities().job, { jobId })).toMatchObject({ status: 'queued' });
    // Once queued, a replay is an ordinary repeat: the same job, no second message.
    expect((await newsletter(user, 'Send me later', 'resend-after-refusal')).body.jobId).toBe(jobId);
    expect(await queuedJobIds()).toEqual([jobId]);

    // The resent job runs to the end.
    process.env[envNames.jobsQueueUrl] = realQueueUrl;
    await enqueueJob(jobId);
    expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
  });

  it('is a media job too: the media queue refusing it answers 503 and frees the slot', async () => {
    const realMediaQueueUrl = process.env[envNames.mediaJobsQueueUrl] ?? '';
    process.env[envNames.mediaJobsQueueUrl] = `${realMediaQueueUrl}-missing`;
    try {
      const user = await app.createUser();
      const refused = await app.request<{ error?: { code: string } }>('POST', '/api/text-to-speech', {
        token: user.idToken,
        body: { text: 'Hello there', voice: 'alloy' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.error?.code).toBe('job_not_queued');
      expect(await slotsOf(user)).toEqual([]);
    } finally {
      process.env[envNames.mediaJobsQueueUrl] = realMediaQueueUrl;
    }
  });
});
