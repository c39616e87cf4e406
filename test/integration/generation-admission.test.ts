import { type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { sqsClient } from '#functions/commons/clients/sqs';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import { ABANDONED_JOB_MS } from '#functions/generation/job-slots';
import { sqsRecord } from '#local/sqs-poller';
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
 * The text worker's event source is disabled here, so jobs stay queued and the test counts the
 * messages (each test's users are new, so it counts only its own). A test that needs a job to run
 * hands the job's message to the worker function itself, as the event source would.
 */

let app: TestRuntime;

beforeAll(async () => {
  app = await startTestRuntime({ disabledEventSources: ['Worker'] });
});

afterAll(async () => {
  await app?.stop();
});

/**
 * The messages of the users' jobs in the jobs queue, by job id, one entry per message (a second
 * message for a job fails the test). Received messages stay invisible for the queue's visibility
 * timeout (minutes), so each is read once.
 */
async function queuedJobs(...users: TestUser[]): Promise<Map<string, Message>> {
  const theirs = new Set((await Promise.all(users.map(jobsOf))).flat());
  const messages = new Map<string, Message>();
  for (;;) {
    const reply = await sqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: app.runtime.queues.queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    const received = reply.Messages ?? [];
    if (received.length === 0) return messages;
    for (const message of received) {
      const { jobId } = JSON.parse(message.Body ?? '{}') as { jobId: string };
      if (!theirs.has(jobId)) continue;
      expect(messages.has(jobId), `a second message for job ${jobId}`).toBe(false);
      messages.set(jobId, message);
    }
  }
}

const queuedJobIds = async (...users: TestUser[]) => [...(await queuedJobs(...users)).keys()].sort();

/** Runs a queued job to the end: its message handed to the text worker, as the event source would. */
async function runJob(user: TestUser, message: Message | undefined): Promise<void> {
  if (!message) throw new Error('The job has no message in the queue');
  await app.runtime.functions.invoke('Worker', {
    Records: [sqsRecord(message, app.runtime.queues.queueArn)],
  });
  const { jobId } = JSON.parse(message.Body ?? '{}') as { jobId: string };
  expect((await waitForJob(app, user.idToken, jobId)).status).toBe('succeeded');
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
    const user = await app.createUser();
    const first = await newsletter(user, 'Spring tips', 'tab-resume-key-0001');
    const second = await newsletter(user, 'Spring tips', 'tab-resume-key-0001');
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.jobId).toBe(first.body.jobId);
    expect(second.headers.get('location')).toBe(`/api/jobs/${first.body.jobId}`);
    expect(await jobsOf(user)).toEqual([first.body.jobId]);
    expect(await queuedJobIds(user)).toEqual([first.body.jobId]);
  });

  it('refuses the same key with another body with 422, creating nothing, and still answers the first body', async () => {
    const user = await app.createUser();
    const first = await newsletter(user, 'Spring tips', 'one-key-two-bodies');
    const other = await newsletter(user, 'Autumn tips', 'one-key-two-bodies');
    expect(first.status).toBe(202);
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: 'idempotency_key_mismatch' });
    expect(other.body.error?.message).toMatch(/Idempotency-Key.*another request body/);
    const again = await newsletter(user, 'Spring tips', 'one-key-two-bodies');
    expect([again.status, again.body.jobId]).toEqual([202, first.body.jobId]);
    expect(await jobsOf(user)).toEqual([first.body.jobId]);
  });

  it('creates one job when the same key arrives twice at once', async () => {
    const user = await app.createUser();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => newsletter(user, 'Racing tabs', 'same-key-at-once')),
    );
    expect(replies.map((reply) => reply.status)).toEqual([202, 202, 202, 202]);
    const ids = new Set(replies.map((reply) => reply.body.jobId));
    expect(ids.size).toBe(1);
    expect(await jobsOf(user)).toEqual([...ids]);
    expect(await queuedJobIds(user)).toEqual([...ids]);
  });

  it('keeps keys per user, and case-sensitive', async () => {
    const [ann, bob] = await Promise.all([app.createUser(), app.createUser()]);
    const annJob = await newsletter(ann, 'Ann', 'shared-key-123');
    const bobJob = await newsletter(bob, 'Bob', 'shared-key-123');
    const annUpper = await newsletter(ann, 'Ann', 'SHARED-KEY-123');
    expect([annJob.status, bobJob.status, annUpper.status]).toEqual([202, 202, 202]);
    expect(new Set([annJob.body.jobId, bobJob.body.jobId, annUpper.body.jobId]).size).toBe(3);
    expect(await jobsOf(bob)).toEqual([bobJob.body.jobId]);
    expect(await queuedJobIds(ann, bob)).toEqual(
      [annJob.body.jobId, bobJob.body.jobId, annUpper.body.jobId].sort(),
    );
  });

  it('refuses the same key for another tool with 409, and a malformed key with 400 naming the header', async () => {
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
    expect(await queuedJobIds(user)).toHaveLength(MAX_UNFINISHED_JOBS_PER_USER);

    // Another user is not affected.
    expect((await newsletter(await app.createUser(), 'Someone else')).status).toBe(202);
  });

  it('answers a repeated key at the cap with its job, refuses a new key (and frees it), and admits again once a job finishes', async () => {
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
    const queued = await queuedJobs(user);
    expect(queued.size).toBe(MAX_UNFINISHED_JOBS_PER_USER);

    // One job runs to the end through the worker: its slot is given back.
    await runJob(user, queued.get(first.body.jobId));
    const retried = await newsletter(user, 'One too many', 'refused-at-cap');
    expect(retried.status).toBe(202);
    expect(await newsletter(user, 'Over again')).toMatchObject({ status: 429 });
  });

  it('reclaims the slot of a job that finished without giving it back, or was abandoned', async () => {
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
 * docs/decisions.md, "Creating a job is all or nothing": creating a job is all or nothing. The queue refuses
 * the message here because the function's role is given a policy that denies sending (in AWS: a missing
 * permission, as the deploy review found, a deleted queue, an outage); the policy is taken away when the
 * queue is "back".
 */
describe('a job whose message the queue refuses', () => {
  const REFUSAL_POLICY = 'RefuseEveryMessage';
  const functionOf = (path: string) => {
    const id = httpRoutes.find((route) => route.path === path)?.function.id;
    if (!id) throw new Error(`No function serves ${path}`);
    return id;
  };
  const refuseMessages = (path: string) =>
    app.runtime.enforcement.putRolePolicy(functionOf(path), REFUSAL_POLICY, {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Deny', Action: 'sqs:SendMessage', Resource: '*' }],
    });
  const acceptMessages = (path: string) =>
    app.runtime.enforcement.deleteRolePolicy(functionOf(path), REFUSAL_POLICY);
  const slotsOf = async (user: TestUser) => [
    ...((await findItem(entities().jobSlots, { userId: user.userId }, { consistent: true }))?.jobIds ?? []),
  ];

  afterEach(() => {
    acceptMessages('/api/generate-newsletter');
    acceptMessages('/api/text-to-speech');
  });

  it('is failed, gives its slot back and answers 503, so refusals never lock the user out', async () => {
    refuseMessages('/api/generate-newsletter');
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

    acceptMessages('/api/generate-newsletter');
    const admitted = await newsletter(user, 'The queue is back');
    expect(admitted.status).toBe(202);
    expect(await queuedJobIds(user)).toEqual([admitted.body.jobId]);
  });

  it('is sent again, the same job, by a replay of its Idempotency-Key', async () => {
    refuseMessages('/api/generate-newsletter');
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

    acceptMessages('/api/generate-newsletter');
    const replay = await newsletter(user, 'Send me later', 'resend-after-refusal');
    expect(replay.status).toBe(202);
    expect(replay.body.jobId).toBe(jobId);
    expect(await jobsOf(user)).toEqual([jobId]);
    expect(await slotsOf(user)).toEqual([jobId]);
    expect(await findItem(entities().job, { jobId })).toMatchObject({ status: 'queued' });
    // Once queued, a replay is an ordinary repeat: the same job, no second message.
    expect((await newsletter(user, 'Send me later', 'resend-after-refusal')).body.jobId).toBe(jobId);
    const queued = await queuedJobs(user);
    expect([...queued.keys()]).toEqual([jobId]);

    // The resent job runs to the end.
    await runJob(user, queued.get(jobId));
  });

  it('is a media job too: the media queue refusing it answers 503 and frees the slot', async () => {
    refuseMessages('/api/text-to-speech');
    const user = await app.createUser();
    const refused = await app.request<{ error?: { code: string } }>('POST', '/api/text-to-speech', {
      token: user.idToken,
      body: { text: 'Hello there', voice: 'alloy' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body.error?.code).toBe('job_not_queued');
    expect(await slotsOf(user)).toEqual([]);
  });
});
