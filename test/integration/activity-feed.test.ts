import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_CREATED_EVENT,
  type Activity,
  type ActivityCreatedEvent,
  activityCreatedEventSchema,
} from '#shared/activity';
import { collectEvents, type EventCollector, type JobEvent, waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * 001 §4 'Activity feed: loads the newest rows, then receives new inserts live': every recorded
 * activity is pushed as `activity.created` to the admins' WebSocket connections, and to nobody else.
 */

let app: TestRuntime;
let owner: TestUser;
let plain: TestUser;
let admin: TestUser;
let clientId: string;
const sockets: EventCollector[] = [];

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, plain, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Lakeside Bakery', city: 'Madison', state: 'WI' },
  });
  expect(created.status).toBe(201);
  clientId = created.body.id;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.stop();
});

async function socketOf(user: TestUser): Promise<EventCollector> {
  const socket = await collectEvents(app, user.idToken);
  sockets.push(socket);
  return socket;
}

const asActivityEvent = (event: JobEvent): ActivityCreatedEvent | null => {
  const parsed = activityCreatedEventSchema.safeParse(event);
  return parsed.success ? parsed.data : null;
};

async function activityPushed(socket: EventCollector, matches: (activity: Activity) => boolean) {
  const event = await socket.waitFor((candidate) => {
    const parsed = asActivityEvent(candidate);
    return parsed !== null && matches(parsed.activity);
  });
  const parsed = asActivityEvent(event);
  if (!parsed) throw new Error('not an activity event');
  return parsed.activity;
}

async function generateNewsletter(user: TestUser, topic: string): Promise<string> {
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token: user.idToken,
    body: { topic, inputType: 'topic' },
  });
  expect(queued.status).toBe(202);
  return queued.body.jobId;
}

async function storedFeed(): Promise<Activity[]> {
  const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
    token: admin.idToken,
  });
  expect(feed.status).toBe(200);
  return feed.body.activities;
}

describe('live activity feed', () => {
  it("pushes another user's newsletter generation to the admin, exactly as the feed stores it", async () => {
    const adminSocket = await socketOf(admin);
    const jobId = await generateNewsletter(owner, 'Fresh bread for the holidays');
    await waitForJob(app, owner.idToken, jobId);

    const pushed = await activityPushed(adminSocket, (activity) => activity.id === jobId);
    expect(pushed).toMatchObject({
      user_id: owner.userId,
      user_email: owner.email,
      action: 'newsletter_generation',
      resource_type: 'content_generation',
      resource_id: jobId,
      ip_address: null,
    });
    expect(pushed.details).toMatchObject({ topic: 'Fresh bread for the holidays', inputType: 'topic' });
    expect((await storedFeed()).find((activity) => activity.id === jobId)).toEqual(pushed);
  });

  it('pushes a client update to every admin connection', async () => {
    const [first, second] = await Promise.all([socketOf(admin), socketOf(admin)]);
    const updated = await app.request('PATCH', `/api/clients/${clientId}`, {
      token: owner.idToken,
      body: { name: 'Lakeside Bakery & Cafe', city: 'Madison', state: 'WI' },
    });
    expect(updated.status).toBe(200);

    const isUpdate = (activity: Activity) =>
      activity.action === 'client_updated' && activity.resource_id === clientId;
    const [onFirst, onSecond] = await Promise.all([
      activityPushed(first, isUpdate),
      activityPushed(second, isUpdate),
    ]);
    expect(onFirst).toEqual(onSecond);
    expect(onFirst).toMatchObject({
      user_email: owner.email,
      resource_type: 'client',
      details: { client_name: 'Lakeside Bakery & Cafe', changed_fields: ['name'] },
    });
    expect((await storedFeed())[0]).toEqual(onFirst);
  });

  it("never pushes activities to a plain user's connection, not even their own", async () => {
    const adminSocket = await socketOf(admin);
    const plainSocket = await socketOf(plain);

    const updated = await app.request('PATCH', `/api/clients/${clientId}`, {
      token: owner.idToken,
      body: { name: 'Lakeside Bakery', city: 'Madison', state: 'WI' },
    });
    expect(updated.status).toBe(200);
    await activityPushed(
      adminSocket,
      (activity) =>
        activity.action === 'client_updated' && activity.details.client_name === 'Lakeside Bakery',
    );

    // The worker pushes the activity before it tells the requester the job succeeded, and a WebSocket
    // keeps its order: had either activity gone to this connection, it would be here by now.
    const jobId = await generateNewsletter(plain, 'Sourdough starter basics');
    await plainSocket.waitFor((event) => event.type === 'job.succeeded' && event.jobId === jobId);
    await activityPushed(
      adminSocket,
      (activity) => activity.id === jobId && activity.user_id === plain.userId,
    );

    expect(plainSocket.events.some((event) => event.type === 'job.succeeded')).toBe(true);
    expect(plainSocket.events.filter((event) => event.type === ACTIVITY_CREATED_EVENT)).toEqual([]);
  });
});
