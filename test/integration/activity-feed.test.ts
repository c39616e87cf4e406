import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_INDEX_FILL_MARKER_KEY,
  type ActivityIndexFillCounts,
} from '#functions/activities/activity-index-fill';
import { ACTIVITY_FEED_PARTITION, activitySortKey, entities } from '#functions/data/entities';
import { putItem, queryAll } from '#functions/data/item-commands';
import {
  ACTIVITY_CREATED_EVENT,
  ACTIVITY_FEED_LIMIT,
  type Activity,
  type ActivityAction,
  type ActivityCreatedEvent,
  activityCreatedEventSchema,
} from '#shared/activity';
import { type ActivityPage, unknownActionMessage } from '#shared/activity-query';
import { INVALID_CURSOR } from '#shared/page-cursor';
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

/** Every activity the table holds, newest first, read straight from the feed's partition. */
async function everyStoredActivity(): Promise<{ id: string; action: string }[]> {
  const { table, activity } = entities();
  const rows = await queryAll(
    activity,
    table.build(QueryCommand).entities(activity).query({ partition: ACTIVITY_FEED_PARTITION }).params(),
  );
  return rows
    .map((row) => ({ id: row.activityId, action: row.action }))
    .sort((a, b) => (a.id < b.id ? 1 : -1));
}

async function feedPage(query: string, token = admin.idToken) {
  return app.request<ActivityPage & { error?: { code: string; message: string } }>(
    'GET',
    `/api/activities${query}`,
    { token },
  );
}

/** Follows `next_cursor` from the first page to the one that says there is no older page. */
async function everyPage(query: Record<string, string>): Promise<ActivityPage[]> {
  const pages: ActivityPage[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(cursor === null ? query : { ...query, cursor });
    const reply = await feedPage(`?${params}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    pages.push(reply.body);
    cursor = reply.body.next_cursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor !== null);
  return pages;
}

const idsOf = (pages: readonly ActivityPage[]) =>
  pages.flatMap((page) => page.activities.map((row) => row.id));

/**
 * The tracker pages back through the whole history (100 rows a page, 001 §9) and filters by
 * action on the server, so a bulk run's many generations no longer push a budget change out of reach.
 */
describe('paging and filtering the feed', () => {
  const BULK_ROWS = 230;
  let budgetActivityId: string;

  beforeAll(async () => {
    // Only an admin sets a client's budget (docs/decisions.md, budgets).
    const budget = await app.request('PUT', `/api/clients/${clientId}/budget`, {
      token: admin.idToken,
      body: { monthlyUsd: 25 },
    });
    expect(budget.status).toBe(200);
    const stored = await everyStoredActivity();
    budgetActivityId = stored.find((row) => row.action === 'budget_set')?.id ?? '';
    expect(budgetActivityId).not.toBe('');
    // A bulk run afterwards: each row's job records its newsletter, written as the worker writes it.
    const { activity } = entities();
    for (let row = 0; row < BULK_ROWS; row += 1) {
      await putItem(activity, {
        activityId: ulid(),
        user_id: owner.userId,
        user_email: owner.email,
        action: 'newsletter_generation',
        resource_type: 'content_generation',
        details: { topic: `Bulk row ${row + 1}`, batch: true },
        created_at: new Date().toISOString(),
      });
    }
  });

  it('pages back from the newest 100 to the oldest activity, each once, newest first', async () => {
    const stored = await everyStoredActivity();
    expect(stored.length).toBeGreaterThan(2 * ACTIVITY_FEED_LIMIT);
    const pages = await everyPage({});
    expect(pages[0]?.activities).toHaveLength(ACTIVITY_FEED_LIMIT);
    expect(pages.slice(0, -1).every((page) => page.activities.length === ACTIVITY_FEED_LIMIT)).toBe(true);
    expect(idsOf(pages)).toEqual(stored.map((row) => row.id));
    // The budget change is there, but three pages down, under the bulk run.
    expect(idsOf(pages.slice(0, 2))).not.toContain(budgetActivityId);
    expect(idsOf(pages)).toContain(budgetActivityId);
  });

  it('finds the budget change on the first page when filtered by its action', async () => {
    const reply = await feedPage('?action=budget_set');
    expect(reply.status).toBe(200);
    expect(reply.body.activities.map((row) => row.id)).toEqual([budgetActivityId]);
    expect(reply.body.activities[0]).toMatchObject({
      action: 'budget_set',
      user_email: admin.email,
      resource_id: clientId,
      details: { monthly_usd: 25 },
    });
    expect(reply.body.next_cursor).toBeNull();
  });

  it('keeps to the action across pages, down to its oldest row', async () => {
    const action: ActivityAction = 'newsletter_generation';
    const expected = (await everyStoredActivity())
      .filter((row) => row.action === action)
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThan(BULK_ROWS);
    const pages = await everyPage({ action, limit: '70' });
    expect(pages.length).toBe(Math.ceil(expected.length / 70));
    expect(pages.flatMap((page) => page.activities.map((row) => row.action))).toEqual(
      expected.map(() => action),
    );
    expect(idsOf(pages)).toEqual(expected);
  });

  it('takes a set of actions, comma-separated, merged newest first', async () => {
    const actions = ['client_updated', 'budget_set'];
    const expected = (await everyStoredActivity())
      .filter((row) => actions.includes(row.action))
      .map((row) => row.id);
    expect(expected.length).toBeGreaterThan(2);
    const pages = await everyPage({ action: actions.join(','), limit: '2' });
    expect(idsOf(pages)).toEqual(expected);
    // Repeated parameters reach the handler joined by commas, as API Gateway joins them.
    const repeated = await feedPage('?action=budget_set&action=client_updated');
    expect(repeated.status).toBe(200);
    expect(repeated.body.activities.map((row) => row.id)).toEqual(expected);
  });

  it('answers 400 naming an unknown action, a bad cursor or limit', async () => {
    const unknown = await feedPage('?action=budget_set,budget_deleted,nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(unknownActionMessage(['budget_deleted', 'nope']));
    expect(unknown.body.error?.message).toContain("unknown action 'budget_deleted', 'nope'; allowed: ");
    const onlyCommas = await feedPage('?action=,,');
    expect(onlyCommas.status).toBe(400);
    expect(onlyCommas.body.error?.message).toMatch(/^action: /);
    const cursor = await feedPage('?cursor=not-a-cursor');
    expect(cursor.status).toBe(400);
    expect(cursor.body.error?.message).toBe(`cursor: ${INVALID_CURSOR}`);
    const limit = await feedPage(`?limit=${ACTIVITY_FEED_LIMIT + 1}`);
    expect(limit.status).toBe(400);
    expect(limit.body.error?.message).toContain(`limit: must be at most ${ACTIVITY_FEED_LIMIT}`);
  });

  it("stays the admins' feed: a plain user gets 403 with or without a filter, no credentials 401", async () => {
    for (const query of ['', '?action=budget_set', '?action=nope']) {
      const reply = await feedPage(query, plain.idToken);
      expect(reply.status, query).toBe(403);
      expect(reply.body.activities).toBeUndefined();
    }
    const owners = await feedPage('?action=budget_set', owner.idToken);
    expect(owners.status).toBe(403);
    const anonymous = await app.request('GET', '/api/activities?action=budget_set');
    expect(anonymous.status).toBe(401);
  });
});

/**
 * Activities recorded before the byAction index have no keys there: the deploy's fill
 * (functions/activities/activity-index-fill.ts, run here as the runtime runs it, in its own thread under
 * its own grants) gives them theirs, so the filter finds them too; the unfiltered feed always did.
 */
describe('activities recorded before the index', () => {
  const legacyIds = [
    ulid(Date.UTC(2026, 0, 5, 10)),
    ulid(Date.UTC(2026, 0, 6, 10)),
    ulid(Date.UTC(2026, 0, 7, 10)),
  ];
  const client = () => entities().table.getDocumentClient();
  const tableName = () => entities().table.getName();
  const runTheFill = () => app.runtime.functions.invoke<ActivityIndexFillCounts>('ActivityIndexFill', {});

  beforeAll(async () => {
    // Exactly what the version before the index stored: no gsi1pk/gsi1sk.
    for (const [index, id] of legacyIds.entries()) {
      await client().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            feed: 'all',
            activityId: id,
            user_id: owner.userId,
            user_email: owner.email,
            action: index === 1 ? 'access_granted' : 'client_deleted',
            resource_type: 'client',
            resource_id: clientId,
            details: { legacy: true },
            created_at: new Date(Date.UTC(2026, 0, 5 + index, 10)).toISOString(),
            pk: ACTIVITY_FEED_PARTITION,
            sk: activitySortKey(id),
            __edb_e__: 'activity',
            __edb_v__: '1',
          },
        }),
      );
    }
    // A data folder of a version before the fill has no marker of a completed one.
    await client().send(new DeleteCommand({ TableName: tableName(), Key: ACTIVITY_INDEX_FILL_MARKER_KEY }));
  });

  const filtered = async (action: string) => idsOf(await everyPage({ action }));

  it('are in the unfiltered feed, and in the filtered one once the fill has run, once', async () => {
    expect(idsOf(await everyPage({}))).toEqual(expect.arrayContaining(legacyIds));
    expect(await filtered('client_deleted')).toEqual([]);

    const first = await runTheFill();
    expect(first).toMatchObject({ read: 3, filled: 3, failed: 0, alreadyDone: false });
    expect(await filtered('client_deleted')).toEqual([legacyIds[2], legacyIds[0]]);
    expect(await filtered('access_granted')).toEqual([legacyIds[1]]);
    const both = await feedPage('?action=client_deleted,access_granted&limit=2');
    expect(both.body.activities.map((row) => row.id)).toEqual([legacyIds[2], legacyIds[1]]);
    expect(both.body.next_cursor).not.toBeNull();

    const { Item } = await client().send(
      new GetCommand({ TableName: tableName(), Key: ACTIVITY_INDEX_FILL_MARKER_KEY, ConsistentRead: true }),
    );
    expect(Item).toMatchObject({ activitiesRead: 3 });
    expect(await runTheFill()).toEqual({ read: 0, filled: 0, failed: 0, alreadyDone: true });
  });

  it('leave the activities recorded since alone: they were indexed when recorded', async () => {
    await client().send(new DeleteCommand({ TableName: tableName(), Key: ACTIVITY_INDEX_FILL_MARKER_KEY }));
    expect(await runTheFill()).toEqual({ read: 0, filled: 0, failed: 0, alreadyDone: false });
  });
});
