import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '#functions/data/entities';
import { enqueueJob } from '#functions/generation/job-queue';
import { collectEvents, waitForJob } from '#test/support/job-events';
import { libraryItems } from '#test/support/library-items';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The job lifecycle end to end: the gateway validates and queues, the SQS poller hands the message to
 * the worker, the worker streams from the (offline) provider, pushes progress and partial text over the
 * WebSocket, saves to the client's library once and records the activity.
 */

let app: TestRuntime;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let clientId: string;

interface ContentList {
  content: Array<{ id: string }>;
}

beforeAll(async () => {
  // A small delay per offline chunk, so the stream spans several progress pushes.
  app = await startTestRuntime({ env: { OFFLINE_STREAM_DELAY_MS: '5' } });
  [owner, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: {
      name: 'Bright Smile Dental',
      company_name: 'Bright Smile Dental PLLC',
      city: 'Austin',
      state: 'TX',
      website: 'https://brightsmile.example',
      newsletter_instructions: 'Friendly tone. Always end with a reminder to book a cleaning.',
    },
  });
  expect(created.status).toBe(201);
  clientId = created.body.id;
});

afterAll(async () => {
  await app?.stop();
});

describe('generation jobs', () => {
  it('queues a newsletter, streams progress and text, saves it to the client once and records the activity', async () => {
    const socket = await collectEvents(app, owner.idToken);
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: {
        topic: 'Spring dental care tips',
        inputType: 'topic',
        prompt: 'Mention the new evening hours.',
        clientId,
        saveToClient: true,
      },
    });
    expect(queued.status).toBe(202);
    const { jobId } = queued.body;

    const done = await socket.waitFor((event) => event.jobId === jobId && event.type === 'job.succeeded');
    socket.close();
    const progress = socket.events.filter((event) => event.jobId === jobId && event.type === 'job.progress');
    expect(progress.length).toBeGreaterThan(1);
    const values = progress.map((event) => event.progress ?? -1);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.every((value) => value >= 0 && value < 100)).toBe(true);
    // Partial text arrives as numbered pieces of new text while the provider writes, before the result.
    expect(progress.map((event) => event.seq)).toEqual(progress.map((_event, index) => index + 1));
    expect(progress[0]?.delta?.length).toBeGreaterThan(0);
    expect(progress.every((event) => event.text === undefined)).toBe(true);
    expect(done.job?.status).toBe('succeeded');

    const job = await waitForJob(app, owner.idToken, jobId);
    expect(job.status).toBe('succeeded');
    expect(job.progress).toBe(100);
    const result = job.result as { generatedHtml: string; provider: string; notice: string | null };
    expect(result.generatedHtml).toContain('Spring');
    expect(result.generatedHtml).not.toMatch(/<script/i);
    expect(result.provider).toBe('offline');
    expect(result.notice).toMatch(/API key/);
    expect(job.savedContentId).toBe(jobId);

    const saved = (await libraryItems(app, owner.idToken, clientId)).filter((item) => item.id === jobId);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.content_type).toBe('newsletter');
    expect(saved[0]?.metadata).toMatchObject({
      topic: 'Spring dental care tips',
      inputType: 'topic',
      includeHeader: true,
      includeTitle: true,
    });
    expect(saved[0]?.metadata.prompt).toContain('Additional client-specific instructions:');
    expect(typeof saved[0]?.metadata.wordCount).toBe('number');

    const activities = await app.request<{
      activities: Array<{
        action: string;
        resource_type: string;
        details: Record<string, unknown>;
        user_email: string;
      }>;
    }>('GET', '/api/activities', { token: admin.idToken });
    const generation = activities.body.activities.filter(
      (activity) => activity.action === 'newsletter_generation',
    );
    expect(generation).toHaveLength(1);
    expect(generation[0]).toMatchObject({ resource_type: 'content_generation', user_email: owner.email });
    expect(generation[0]?.details).toMatchObject({ inputType: 'topic', topic: 'Spring dental care tips' });
  });

  it('never saves twice when a message is delivered again, even after a crash between save and finish', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: 'Whitening myths', clientId, saveToClient: true },
    });
    const { jobId } = queued.body;
    await waitForJob(app, owner.idToken, jobId);

    // A duplicate delivery of a finished job is skipped.
    await enqueueJob(jobId);
    // A crash after the save but before the job was marked done: the job looks unfinished again.
    await entities()
      .job.build(UpdateItemCommand)
      .item({ jobId, status: 'running' })
      .options({ condition: { attr: 'jobId', exists: true } })
      .send();
    await enqueueJob(jobId);
    await waitForJob(app, owner.idToken, jobId);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const library = await app.request<ContentList>('GET', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
    });
    expect(library.body.content.filter((item) => item.id === jobId)).toHaveLength(1);
    const client = await app.request<{ content_count: number }>('GET', `/api/clients/${clientId}`, {
      token: owner.idToken,
    });
    expect(client.body.content_count).toBe(library.body.content.length);
  });

  it('serves a job only to its owner', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: 'Flossing' },
    });
    await waitForJob(app, owner.idToken, queued.body.jobId);
    expect(
      (await app.request('GET', `/api/jobs/${queued.body.jobId}`, { token: stranger.idToken })).status,
    ).toBe(404);
    expect((await app.request('GET', `/api/jobs/${queued.body.jobId}`)).status).toBe(401);
  });

  it('refuses to queue for a client the caller cannot see, and validates the body with the spec messages', async () => {
    const forbidden = await app.request('POST', '/api/generate-newsletter', {
      token: stranger.idToken,
      body: { topic: 'x', clientId, saveToClient: true },
    });
    expect(forbidden.status).toBe(404);

    const noTopic = await app.request('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: '   ', inputType: 'topic' },
    });
    expect(noTopic.status).toBe(400);
    expect(noTopic.body.error?.message).toBe('Please enter a newsletter topic.');

    const noUrl = await app.request('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { inputType: 'url', url: '' },
    });
    expect(noUrl.body.error?.message).toBe('Please enter a URL to extract content from.');

    const saveWithoutClient = await app.request('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: 'x', saveToClient: true },
    });
    expect(saveWithoutClient.body.error?.message).toBe('Please choose a client to save this newsletter to.');

    const badModel = await app.request('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: 'x', model: 'gpt-99' },
    });
    expect(badModel.status).toBe(400);
    expect(badModel.body.error?.message).toMatch(/model/);
  });

  it('fails a job whose source URL is not allowed, with a message the user can act on', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { inputType: 'url', url: 'http://169.254.169.254/latest/meta-data/' },
    });
    expect(queued.status).toBe(202);
    const job = await waitForJob(app, owner.idToken, queued.body.jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/not allowed/);
  });
});
