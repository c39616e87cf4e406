import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientAccess, toClientAccess } from '#functions/access/access-record';
import { grantAccess } from '#functions/access/access-store';
import { type ClientRecord, toClient } from '#functions/clients/client-record';
import { createClient } from '#functions/clients/client-store';
import type { Caller } from '#functions/commons/caller';
import { toClientContent } from '#functions/content/content-record';
import { createContent } from '#functions/content/content-saves';
import { findContent, patchContent } from '#functions/content/content-store';
import { sendForReview } from '#functions/reviews/review-service';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';
import { clientInputSchema } from '#shared/client-input';
import type { ClientPage } from '#shared/client-list';
import type { ClientContent } from '#shared/content';
import {
  type ApiBody,
  startTestRuntime,
  type TestResponse,
  type TestRuntime,
  type TestUser,
} from '#test/support/test-runtime';

/**
 * Every client, content and access route, called as each kind of caller, with the status each must
 * get. Routes that change data get a fresh fixture per call, so one call cannot decide another's answer.
 * "Cross" rows put one client's content or grant id under another client's path: always 404.
 */

type Actor = 'anonymous' | 'stranger' | 'granted' | 'creator' | 'admin';
const ACTORS: readonly Actor[] = ['anonymous', 'stranger', 'granted', 'creator', 'admin'];

interface Fixture {
  /**
   * Created by `creator`, granted to `granted`, with one content item (due on DUE_DATE and sent for
   * review: `review`) and a second, spare grant.
   */
  a: { client: Client; content: ClientContent; grant: ClientAccess; spare: ClientAccess; review: string };
  /** Also the creator's; nobody else is granted it. Its item is due on DUE_DATE too. */
  b: { client: Client; content: ClientContent; grant: ClientAccess };
  /** The stranger's own client. */
  s: { client: Client };
}

interface Row {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  /** Needs its own fixture: the call changes data. */
  mutates?: boolean;
  /** Runs as the creator before the call (a delete before a restore). */
  prepare?: (fixture: Fixture) => Promise<void>;
  expected: Record<Actor, number>;
  /** Extra checks on the reply (e.g. what a list reveals). */
  check?: (actor: Actor, response: TestResponse, fixture: Fixture) => void | Promise<void>;
}

let app: TestRuntime;
let users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
let shared: Fixture;
let counter = 0;

const tokenOf = (actor: Actor): string | undefined =>
  actor === 'anonymous' ? undefined : users[actor].idToken;

async function call<T = ApiBody>(actor: Actor, method: string, path: string, body?: unknown) {
  return app.request<T>(method, path, { token: tokenOf(actor), body });
}

async function created<T>(response: Promise<TestResponse<T>>): Promise<T> {
  const result = await response;
  if (result.status !== 201) throw new Error(`Fixture setup failed with ${result.status}`);
  return result.body;
}

/**
 * Built in-process through the same store functions the routes use (faster than HTTP, and the routes
 * themselves are what the rows exercise).
 */
async function buildFixture(stranger: Client): Promise<Fixture> {
  counter += 1;
  const creator: Caller = {
    userId: users.creator.userId,
    email: users.creator.email,
    isAdmin: false,
    authMethod: 'token',
  };
  const domain = app.runtime.settings.allowedEmailDomain;
  // A's client needs the client's approval, so an administrator's override applies.
  const newClient = (name: string, approval_steps?: string) =>
    createClient(creator, clientInputSchema.parse({ name, approval_steps }));
  const newContent = (clientId: string, title: string) =>
    createContent({
      clientId,
      createdBy: creator.userId,
      title,
      content: 'Text',
      html_content: '<p>Text</p>',
      content_type: 'blog',
      metadata: {},
    });
  const newGrant = async (client: ClientRecord, email: string) =>
    toClientAccess(await grantAccess(client, creator, email));

  const [recordA, recordB] = await Promise.all([
    newClient(`Client A${counter}`, 'client'),
    newClient(`Client B${counter}`),
  ]);
  const [contentA, grantA, spare, contentB, grantB] = await Promise.all([
    newContent(recordA.clientId, 'A content'),
    newGrant(recordA, users.granted.email),
    newGrant(recordA, `spare${counter}@${domain}`),
    newContent(recordB.clientId, 'B content'),
    newGrant(recordB, `b-only${counter}@${domain}`),
  ]);
  // Both items are due on one day (the calendar's rows), and A's is in review.
  const recordOf = async (clientId: string, contentId: string) => {
    const record = await findContent(clientId, contentId);
    if (!record) throw new Error('Fixture content missing');
    return patchContent(record, () => ({ dueDate: DUE_DATE }));
  };
  const [dueA, dueB] = await Promise.all([
    recordOf(recordA.clientId, contentA.id),
    recordOf(recordB.clientId, contentB.id),
  ]);
  const review = await sendForReview(
    creator,
    { client: recordA, userAgent: null },
    dueA,
    { expiresInDays: 14 },
    'http://127.0.0.1',
  );
  return {
    a: { client: toClient(recordA), content: review.content, grant: grantA, spare, review: review.reviewId },
    b: { client: toClient(recordB), content: toClientContent(dueB), grant: grantB },
    s: { client: stranger },
  };
}

const DUE_DATE = '2031-03-14';
const CALENDAR = `/api/calendar?from=2031-03-01&to=2031-03-31`;

/** The items the calendar shows the actor on DUE_DATE. */
async function calendarItems(actor: Actor): Promise<string[]> {
  const reply = await call<{ entries: { contentId: string; kind: string }[] }>(actor, 'GET', CALENDAR);
  return reply.body.entries.filter((entry) => entry.kind === 'due').map((entry) => entry.contentId);
}

/** Every client id the list shows the actor, page after page (the fresh fixtures fill several). */
async function listedIds(actor: Actor, fields: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100' });
    if (fields) query.set('fields', fields);
    if (cursor) query.set('cursor', cursor);
    const page = await call<ClientPage<Pick<Client, 'id'>>>(actor, 'GET', `/api/clients?${query}`);
    expect(page.status).toBe(200);
    ids.push(...page.body.clients.map((client) => client.id));
    cursor = page.body.next_cursor;
  } while (cursor);
  return ids;
}

const prepareAsCreator = (method: string, path: (fixture: Fixture) => string) => async (fixture: Fixture) => {
  const response = await call('creator', method, path(fixture));
  if (response.status !== 204) throw new Error(`Preparation failed with ${response.status}`);
};

const A = (fixture: Fixture) => `/api/clients/${fixture.a.client.id}`;

/** A $5 budget on A, set by the admin (nobody else may). */
const setBudgetAsAdmin = async (fixture: Fixture) => {
  const response = await call('admin', 'PUT', `${A(fixture)}/budget`, { monthlyUsd: 5 });
  if (response.status !== 200) throw new Error(`Preparation failed with ${response.status}`);
};
const B = (fixture: Fixture) => `/api/clients/${fixture.b.client.id}`;
const S = (fixture: Fixture) => `/api/clients/${fixture.s.client.id}`;
const contentBody = { title: 'Saved', content: 'x', html_content: '<p>x</p>', content_type: 'faq' };
const editBody = { title: 'Edited', content: 'y', html_content: '<p>y</p>' };

const visible = { anonymous: 401, stranger: 404, granted: 200, creator: 200, admin: 200 };
const managers = { anonymous: 401, stranger: 404, granted: 403, creator: 200, admin: 200 };
const nowhere = { anonymous: 401, stranger: 404, granted: 404, creator: 404, admin: 404 };
const anyone = { anonymous: 401, stranger: 200, granted: 200, creator: 200, admin: 200 };

const rows: Row[] = [
  {
    route: 'GET /api/clients',
    method: 'GET',
    path: () => '/api/clients',
    expected: anyone,
    check: async (actor, _response, fixture) => {
      const ids = await listedIds(actor, '');
      expect(ids.includes(fixture.a.client.id)).toBe(actor !== 'stranger');
      expect(ids.includes(fixture.b.client.id)).toBe(actor === 'creator' || actor === 'admin');
    },
  },
  {
    route: 'GET /api/clients?fields=id,name',
    method: 'GET',
    path: () => '/api/clients?fields=id,name',
    expected: anyone,
    check: async (actor, _response, fixture) => {
      const ids = await listedIds(actor, 'id,name');
      expect(ids.includes(fixture.a.client.id)).toBe(actor !== 'stranger');
    },
  },
  {
    route: 'POST /api/clients',
    method: 'POST',
    path: () => '/api/clients',
    body: () => ({ name: 'New Client' }),
    mutates: true,
    expected: { ...anyone, stranger: 201, granted: 201, creator: 201, admin: 201 },
  },
  { route: 'GET {A}', method: 'GET', path: A, expected: visible },
  {
    route: 'PUT {A}',
    method: 'PUT',
    path: A,
    // PUT replaces the whole profile, so it names every field.
    body: () => ({
      ...Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, null])),
      name: 'Renamed',
    }),
    mutates: true,
    expected: visible,
  },
  {
    route: 'PATCH {A}',
    method: 'PATCH',
    path: A,
    body: () => ({ name: 'Renamed' }),
    mutates: true,
    expected: visible,
  },
  {
    route: 'DELETE {A}',
    method: 'DELETE',
    path: A,
    mutates: true,
    expected: { ...visible, granted: 403, creator: 204, admin: 204 },
  },
  {
    route: 'POST {A}/restore after the creator deleted it',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/restore`,
    mutates: true,
    prepare: prepareAsCreator('DELETE', A),
    expected: { anonymous: 401, stranger: 404, granted: 404, creator: 200, admin: 200 },
  },
  // Only an admin sets, raises or removes a client's budget, or allows one more job past it; its owner
  // sees it (docs/decisions.md, "Client budgets that tell the truth").
  {
    route: 'PUT {A}/budget (set)',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/budget`,
    body: () => ({ monthlyUsd: 20 }),
    mutates: true,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  {
    route: 'PUT {A}/budget (raise) once an admin set one',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/budget`,
    body: () => ({ monthlyUsd: 50 }),
    mutates: true,
    prepare: setBudgetAsAdmin,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  {
    route: 'PUT {A}/budget (remove) once an admin set one',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/budget`,
    body: () => ({ monthlyUsd: null }),
    mutates: true,
    prepare: setBudgetAsAdmin,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  {
    route: 'POST {A}/budget/allow-one-more once an admin set a budget',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/budget/allow-one-more`,
    mutates: true,
    prepare: setBudgetAsAdmin,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  // A client's monthly statement and its links are the client's readers'; its markup, an admin's.
  {
    route: 'GET {A}/statements/2026-11',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/statements/2026-11`,
    expected: visible,
  },
  {
    route: 'POST {A}/statements/2026-11/links',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/statements/2026-11/links`,
    body: () => ({}),
    mutates: true,
    expected: { ...visible, granted: 201, creator: 201, admin: 201 },
  },
  {
    route: 'GET {A}/statements/2026-11/links',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/statements/2026-11/links`,
    expected: visible,
  },
  {
    route: 'PUT {A}/billing',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/billing`,
    body: () => ({ markupPercent: 15 }),
    mutates: true,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  { route: 'GET {A}/access', method: 'GET', path: (fixture) => `${A(fixture)}/access`, expected: managers },
  {
    route: 'POST {A}/access',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/access`,
    body: () => ({ email: `new${Date.now()}${counter}@${app.runtime.settings.allowedEmailDomain}` }),
    mutates: true,
    expected: { ...managers, creator: 201, admin: 201 },
  },
  {
    route: 'DELETE {A}/access/{A spare grant}',
    method: 'DELETE',
    path: (fixture) => `${A(fixture)}/access/${fixture.a.spare.id}`,
    mutates: true,
    expected: { ...managers, creator: 204, admin: 204 },
  },
  { route: 'GET {A}/content', method: 'GET', path: (fixture) => `${A(fixture)}/content`, expected: visible },
  {
    route: 'POST {A}/content',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content`,
    body: () => contentBody,
    mutates: true,
    expected: { ...visible, granted: 201, creator: 201, admin: 201 },
  },
  {
    route: 'GET {A}/content/{A content}',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}`,
    expected: visible,
  },
  {
    route: 'PUT {A}/content/{A content}',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}`,
    body: () => editBody,
    mutates: true,
    expected: visible,
  },
  {
    route: 'DELETE {A}/content/{A content}',
    method: 'DELETE',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}`,
    mutates: true,
    expected: { ...visible, granted: 204, creator: 204, admin: 204 },
  },
  {
    route: 'POST {A}/content/{A content}/restore after a delete',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/restore`,
    mutates: true,
    prepare: prepareAsCreator('DELETE', (fixture) => `${A(fixture)}/content/${fixture.a.content.id}`),
    expected: visible,
  },
  // Versions, due dates, reviews and the calendar.
  {
    route: 'GET {A}/content/{A content}/versions',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/versions`,
    expected: visible,
  },
  {
    route: 'GET {A}/content/{A content}/versions/{its first}',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/versions/${fixture.a.content.id}`,
    expected: visible,
  },
  {
    route: 'POST {A}/content/{A content}/versions/{its first}/restore',
    method: 'POST',
    path: (fixture) =>
      `${A(fixture)}/content/${fixture.a.content.id}/versions/${fixture.a.content.id}/restore`,
    mutates: true,
    expected: visible,
  },
  {
    route: 'PUT {A}/content/{A content}/due-date',
    method: 'PUT',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/due-date`,
    body: () => ({ dueDate: '2031-04-01' }),
    mutates: true,
    expected: visible,
  },
  {
    route: 'GET {A}/content/{A content}/reviews',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/reviews`,
    expected: visible,
  },
  {
    route: 'POST {A}/content/{A content}/reviews',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/reviews`,
    body: () => ({ reviewerName: 'Client' }),
    mutates: true,
    expected: { ...visible, granted: 201, creator: 201, admin: 201 },
  },
  {
    route: 'DELETE {A}/content/{A content}/reviews/{A review}',
    method: 'DELETE',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/reviews/${fixture.a.review}`,
    mutates: true,
    expected: visible,
  },
  {
    route: 'POST {A}/content/{A content}/comments',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/comments`,
    body: () => ({ text: 'A comment' }),
    mutates: true,
    expected: { ...visible, granted: 201, creator: 201, admin: 201 },
  },
  {
    route: 'POST {A}/content/{A content}/decision',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/decision`,
    body: (fixture) => ({ decision: 'approve', versionId: fixture.a.content.versionId }),
    mutates: true,
    expected: visible,
  },
  {
    route: 'POST {A}/content/{A content}/approvals/override',
    method: 'POST',
    path: (fixture) => `${A(fixture)}/content/${fixture.a.content.id}/approvals/override`,
    body: () => ({ step: 'client' }),
    mutates: true,
    expected: { anonymous: 401, stranger: 404, granted: 403, creator: 403, admin: 200 },
  },
  {
    route: 'GET /api/calendar',
    method: 'GET',
    path: () => CALENDAR,
    expected: anyone,
    check: async (actor, _response, fixture) => {
      const items = await calendarItems(actor);
      expect(items.includes(fixture.a.content.id)).toBe(actor !== 'stranger');
      expect(items.includes(fixture.b.content.id)).toBe(actor === 'creator' || actor === 'admin');
    },
  },
  {
    route: 'GET /api/calendar?clientId={A}',
    method: 'GET',
    path: (fixture) => `${CALENDAR}&clientId=${fixture.a.client.id}`,
    expected: visible,
  },
  {
    route: 'GET {B} (not granted to anyone)',
    method: 'GET',
    path: B,
    expected: { ...visible, granted: 404 },
  },
  {
    route: 'GET {A} with a malformed id',
    method: 'GET',
    path: () => '/api/clients/not-a-real-id',
    expected: nowhere,
  },
  // Cross-client ids: A's content or grant under B's (or the stranger's) path.
  {
    route: 'cross: GET {B}/content/{A content}',
    method: 'GET',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}`,
    expected: nowhere,
  },
  {
    route: 'cross: PUT {B}/content/{A content}',
    method: 'PUT',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}`,
    body: () => editBody,
    mutates: true,
    expected: nowhere,
  },
  {
    route: 'cross: DELETE {B}/content/{A content}',
    method: 'DELETE',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}`,
    mutates: true,
    expected: nowhere,
  },
  {
    route: 'cross: POST {B}/content/{A content}/restore after A content was deleted',
    method: 'POST',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}/restore`,
    mutates: true,
    prepare: prepareAsCreator('DELETE', (fixture) => `${A(fixture)}/content/${fixture.a.content.id}`),
    expected: nowhere,
  },
  {
    route: 'cross: GET {B}/content/{A content}/versions',
    method: 'GET',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}/versions`,
    expected: nowhere,
  },
  {
    route: 'cross: GET {A}/content/{B content}/versions/{A content first version}',
    method: 'GET',
    path: (fixture) => `${A(fixture)}/content/${fixture.b.content.id}/versions/${fixture.a.content.id}`,
    expected: nowhere,
  },
  {
    route: 'cross: DELETE {B}/content/{B content}/reviews/{A review}',
    method: 'DELETE',
    path: (fixture) => `${B(fixture)}/content/${fixture.b.content.id}/reviews/${fixture.a.review}`,
    mutates: true,
    expected: nowhere,
  },
  {
    route: 'cross: POST {B}/content/{A content}/decision',
    method: 'POST',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}/decision`,
    body: (fixture) => ({ decision: 'approve', versionId: fixture.a.content.versionId }),
    mutates: true,
    expected: nowhere,
  },
  {
    route: 'cross: POST {B}/content/{A content}/approvals/override',
    method: 'POST',
    path: (fixture) => `${B(fixture)}/content/${fixture.a.content.id}/approvals/override`,
    body: () => ({ step: 'client' }),
    mutates: true,
    expected: nowhere,
  },
  {
    route: 'GET /api/calendar?clientId={B} (not granted to anyone)',
    method: 'GET',
    path: (fixture) => `${CALENDAR}&clientId=${fixture.b.client.id}`,
    expected: { ...visible, granted: 404 },
  },
  {
    route: 'cross: DELETE {B}/access/{A grant}',
    method: 'DELETE',
    path: (fixture) => `${B(fixture)}/access/${fixture.a.grant.id}`,
    mutates: true,
    expected: nowhere,
  },
  {
    route: "cross: GET {stranger's client}/content/{A content}",
    method: 'GET',
    path: (fixture) => `${S(fixture)}/content/${fixture.a.content.id}`,
    expected: nowhere,
  },
  {
    route: "cross: DELETE {stranger's client}/access/{A grant}",
    method: 'DELETE',
    path: (fixture) => `${S(fixture)}/access/${fixture.a.grant.id}`,
    mutates: true,
    expected: nowhere,
  },
];

let strangerClient: Client;
/** Fixtures of the rows that change data, one per row and actor, built up front and concurrently. */
beforeAll(async () => {
  app = await startTestRuntime();
  const [stranger, granted, creator, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  users = { stranger, granted, creator, admin };
  strangerClient = await created(
    call<Client>('stranger', 'POST', '/api/clients', { name: "Stranger's own" }),
  );
  shared = await buildFixture(strangerClient);
});

afterAll(async () => {
  await app?.stop();
});

const table = rows.flatMap((row) =>
  ACTORS.map((actor) => [row.route, actor, row.expected[actor], row] as const),
);

describe('authorization matrix', () => {
  it.each(table)('%s as %s → %i', async (_route, actor, status, row) => {
    // Built here rather than all at once before the suite: over a hundred fixtures in one hook outgrew
    // its time on a busy machine, while each call's own is a few writes.
    const fixture = row.mutates ? await buildFixture(strangerClient) : shared;
    await row.prepare?.(fixture);
    const response = await call(actor, row.method, row.path(fixture), row.body?.(fixture));
    expect(response.status).toBe(status);
    // A 401 comes from the gateway's authorizer (API Gateway's own body); the rest are the handlers' JSON errors.
    if (status >= 400 && status !== 401) expect(response.body.error?.code).toBeTypeOf('string');
    if (status < 300) await row.check?.(actor, response, fixture);
  });

  it('leaves the other client untouched after cross-client attempts', async () => {
    const fixture = await buildFixture(strangerClient);
    for (const actor of ACTORS) {
      await call(actor, 'DELETE', `${B(fixture)}/content/${fixture.a.content.id}`);
      await call(actor, 'PUT', `${B(fixture)}/content/${fixture.a.content.id}`, editBody);
      await call(actor, 'DELETE', `${B(fixture)}/access/${fixture.a.grant.id}`);
    }
    const content = await call<ClientContent>(
      'creator',
      'GET',
      `${A(fixture)}/content/${fixture.a.content.id}`,
    );
    expect(content.body).toEqual(fixture.a.content);
    const access = await call<{ access: ClientAccess[] }>('creator', 'GET', `${A(fixture)}/access`);
    expect(access.body.access.map((grant) => grant.id)).toContain(fixture.a.grant.id);
    const client = await call<Client>('creator', 'GET', A(fixture));
    expect(client.body).toMatchObject({ content_count: 1, access_count: 2 });
  });

  it('does not tell a stranger whether a client exists', async () => {
    const missing = await call('stranger', 'GET', '/api/clients/01J00000000000000000000000');
    const forbidden = await call('stranger', 'GET', A(shared));
    expect(forbidden.status).toBe(missing.status);
    expect(forbidden.body).toEqual(missing.body);
  });
});
