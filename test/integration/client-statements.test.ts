import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { encodeTime } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { putUsage } from '#functions/usage/usage-store';
import type { CreatedApiKey } from '#shared/api-keys';
import {
  STATEMENT_CSV_COLUMNS,
  STATEMENT_MESSAGES,
  type Statement,
  type StatementLinkCreated,
  type StatementLinkSummary,
} from '#shared/statement';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Client statements": a client's statement of one month of the agency's zone. The items
 * delivered that month (created or published in it), the jobs started in it, read across the two UTC months a
 * zone's month touches, their cost, the markup an admin set and the billed amount; who may read it, set the
 * markup and make, list and revoke its links; and the link itself, which works without an account until it is
 * revoked or expires, and answers one 404 for every token that does not work.
 */

let app: TestRuntime;
let owner: TestUser;
let grantee: TestUser;
let outsider: TestUser;
let admin: TestUser;
let clientId: string;
let otherClientId: string;

/** October 2026 in New York: 1 October 00:00 EDT to 1 November 00:00 EDT (DST ends later that night). */
const MONTH = '2026-10';
const ZONE = 'America/New_York';
const JOB_COSTS = { early: 1_234_567, lastEvening: 4_200 };

const contentItem = (contentId: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  contentId,
  title: `Item ${contentId}`,
  content: 'Words',
  html_content: '<p>Words</p>',
  content_type: 'newsletter',
  metadata: {},
  createdAt,
  updatedAt: createdAt,
  ...extra,
});

const jobIdAt = (iso: string, suffix: string) =>
  `${encodeTime(Date.parse(iso), 10)}${suffix.padEnd(16, '0')}`;

async function usageAt(forClient: string, startedAt: string, costMicroUsd: number, suffix: string) {
  const jobId = jobIdAt(startedAt, suffix);
  await putUsage({
    month: startedAt.slice(0, 7),
    day: startedAt.slice(0, 10),
    jobId,
    userId: owner.userId,
    userEmail: owner.email,
    clientId: forClient,
    clientName: 'Acme Plumbing',
    apiKeyId: null,
    batchId: null,
    parentJobId: null,
    tool: 'newsletter',
    modelId: 'gpt-4o',
    provider: 'openai',
    status: 'succeeded',
    inputTokens: 1000,
    outputTokens: 500,
    reasoningTokens: 0,
    images: 0,
    imageDetail: null,
    speechCharacters: 0,
    speechSeconds: 0,
    durationMs: 1000,
    costMicroUsd,
    estimated: false,
    priceAsOf: '2026-01-01',
    ownKey: false,
    contentId: null,
    title: null,
    startedAt,
    finishedAt: startedAt,
  });
  return jobId;
}

let jobIds: { early: string; lastEvening: string };

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, grantee, outsider, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const zone = await app.request('PUT', '/api/settings', { token: admin.idToken, body: { timeZone: ZONE } });
  expect(zone.status).toBe(200);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Acme Plumbing' },
  });
  clientId = created.body.id;
  otherClientId = (
    await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Other Roofing' },
    })
  ).body.id;
  await app.request('POST', `/api/clients/${clientId}/access`, {
    token: owner.idToken,
    body: { email: grantee.email },
  });
  const { content } = entities();
  await Promise.all([
    // 30 September 23:59:59 in New York: September's.
    putItem(content, contentItem('01JA0000000000000000000001', '2026-10-01T03:59:59.000Z')),
    // 1 October 00:00 in New York: the month's first instant.
    putItem(content, contentItem('01JA0000000000000000000002', '2026-10-01T04:00:00.000Z')),
    // Made in September, published on WordPress in October.
    putItem(
      content,
      contentItem('01JA0000000000000000000003', '2026-09-15T12:00:00.000Z', {
        status: 'published',
        publishDate: '2026-10-20T12:00:00.000Z',
        metadata: {
          wordpress_id: 12,
          wordpress_url: 'https://acme.example/?p=12',
          wordpress_status: 'publish',
        },
      }),
    ),
    // 31 October 19:30 in New York, already November in UTC.
    putItem(
      content,
      contentItem('01JA0000000000000000000004', '2026-10-31T23:30:00.000Z', { status: 'approved' }),
    ),
    // 1 November 00:00 in New York: November's.
    putItem(content, contentItem('01JA0000000000000000000005', '2026-11-01T04:00:00.000Z')),
  ]);
  jobIds = {
    early: await usageAt(clientId, '2026-10-01T05:00:00.000Z', JOB_COSTS.early, 'B'),
    // In UTC's November partition, in New York's October.
    lastEvening: await usageAt(clientId, '2026-11-01T03:00:00.000Z', JOB_COSTS.lastEvening, 'C'),
  };
  await usageAt(clientId, '2026-10-01T02:00:00.000Z', 999, 'A');
  await usageAt(clientId, '2026-11-01T04:30:00.000Z', 999, 'D');
  await usageAt(otherClientId, '2026-10-15T12:00:00.000Z', 999, 'E');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const statementPath = (id = clientId, month = MONTH) => `/api/clients/${id}/statements/${month}`;
const errorOf = (body: unknown) => (body as { error: { message: string } }).error;

async function keyOf(user: TestUser): Promise<string> {
  const created = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: 'Statements' },
  });
  return created.body.key;
}

describe('a client’s statement of one month in the agency’s zone', () => {
  it('lists what was delivered and the jobs of the zone’s month, and bills the cost with the markup', async () => {
    const markup = await app.request('PUT', `/api/clients/${clientId}/billing`, {
      token: admin.idToken,
      body: { markupPercent: 12.5 },
    });
    expect(markup.status).toBe(200);
    expect(markup.body).toEqual({ clientId, markupPercent: 12.5 });
    const reply = await app.request<Statement>('GET', statementPath(), { token: owner.idToken });
    expect(reply.status).toBe(200);
    const cost = JOB_COSTS.early + JOB_COSTS.lastEvening;
    expect(reply.body).toEqual({
      clientName: 'Acme Plumbing',
      month: MONTH,
      timeZone: ZONE,
      items: [
        {
          contentId: '01JA0000000000000000000003',
          title: 'Item 01JA0000000000000000000003',
          tool: 'Newsletter',
          status: 'published',
          postUrl: 'https://acme.example/?p=12',
        },
        {
          contentId: '01JA0000000000000000000002',
          title: 'Item 01JA0000000000000000000002',
          tool: 'Newsletter',
          status: 'draft',
        },
        {
          contentId: '01JA0000000000000000000004',
          title: 'Item 01JA0000000000000000000004',
          tool: 'Newsletter',
          status: 'approved',
        },
      ],
      jobs: [
        { jobId: jobIds.early, tool: 'Newsletter', model: 'gpt-4o', provider: 'openai', costUsd: 1.234567 },
        {
          jobId: jobIds.lastEvening,
          tool: 'Newsletter',
          model: 'gpt-4o',
          provider: 'openai',
          costUsd: 0.0042,
        },
      ],
      costUsd: cost / 1_000_000,
      markupPercent: 12.5,
      // 1,238,767 µ$ × 1.125 = 1,393,612.875 µ$, rounded to the micro-dollar.
      billedUsd: 1.393613,
    });
  });

  it('answers the same rows as CSV to Accept: text/csv', async () => {
    const reply = await fetch(`${app.url}${statementPath()}`, {
      headers: { authorization: `Bearer ${owner.idToken}`, accept: 'text/csv' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toContain('statement-acme-plumbing-2026-10.csv');
    const lines = (await reply.text()).split('\r\n');
    expect(lines[0]).toBe(STATEMENT_CSV_COLUMNS.join(','));
    expect(lines.filter((line) => line.startsWith('"item"'))).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith('"job"'))).toHaveLength(2);
    expect(lines.at(-1)).toBe('"total","billedUsd","","","","","","",1.393613');
  });

  it('is shown to the owner, a grantee, an admin and their keys; an outsider is told the client does not exist', async () => {
    const allowed = [owner.idToken, grantee.idToken, admin.idToken, await keyOf(grantee), await keyOf(admin)];
    for (const token of allowed) {
      const reply = await app.request<Statement>('GET', statementPath(), { token });
      expect(reply.status).toBe(200);
      expect(reply.body.billedUsd).toBe(1.393613);
    }
    for (const token of [outsider.idToken, await keyOf(outsider)]) {
      const reply = await app.request('GET', statementPath(), { token });
      expect(reply.status).toBe(404);
      expect(errorOf(reply.body).message).toBe('Client not found');
      // A malformed month tells an outsider nothing either.
      expect((await app.request('GET', statementPath(clientId, '2026-13'), { token })).status).toBe(404);
    }
    expect((await app.request('GET', statementPath())).status).toBe(401);
    const badMonth = await app.request('GET', statementPath(clientId, '2026-13'), { token: owner.idToken });
    expect(badMonth.status).toBe(400);
    expect(errorOf(badMonth.body).message).toBe(STATEMENT_MESSAGES.badMonth);
  });

  it('lets only an admin set the markup, from 0 to 1000 % with two decimals', async () => {
    const body = { markupPercent: 20 };
    for (const user of [owner, grantee]) {
      const refused = await app.request('PUT', `/api/clients/${clientId}/billing`, {
        token: user.idToken,
        body,
      });
      expect(refused.status).toBe(403);
      expect(errorOf(refused.body).message).toBe(STATEMENT_MESSAGES.adminOnly);
    }
    expect(
      (await app.request('PUT', `/api/clients/${clientId}/billing`, { token: await keyOf(owner), body }))
        .status,
    ).toBe(403);
    expect(
      (await app.request('PUT', `/api/clients/${clientId}/billing`, { token: outsider.idToken, body }))
        .status,
    ).toBe(404);
    expect((await app.request('PUT', `/api/clients/${clientId}/billing`, { body })).status).toBe(401);
    for (const markupPercent of [-1, 1000.5, 12.345]) {
      const bad = await app.request('PUT', `/api/clients/${clientId}/billing`, {
        token: admin.idToken,
        body: { markupPercent },
      });
      expect(bad.status, String(markupPercent)).toBe(400);
      expect(errorOf(bad.body).message).toBe(STATEMENT_MESSAGES.markup);
    }
    const byKey = await app.request('PUT', `/api/clients/${otherClientId}/billing`, {
      token: await keyOf(admin),
      body: { markupPercent: 1000 },
    });
    expect(byKey.status).toBe(200);
    const other = await app.request<Statement>('GET', statementPath(otherClientId), { token: owner.idToken });
    expect(other.body).toMatchObject({ costUsd: 0.000999, markupPercent: 1000, billedUsd: 0.010989 });
    // The first client's statement is unchanged by the refusals.
    const unchanged = await app.request<Statement>('GET', statementPath(), { token: owner.idToken });
    expect(unchanged.body.markupPercent).toBe(12.5);
  });
});

describe('statement links', () => {
  const tokenOf = (url: string) => url.split('/statements/')[1] ?? '';
  const publicStatement = (token: string, headers: Record<string, string> = {}) =>
    app.request<Statement>('GET', `/api/statement-links/${token}`, { headers });

  it('works without an account until revoked, and the client’s users list and revoke it', async () => {
    const created = await app.request<StatementLinkCreated>('POST', `${statementPath()}/links`, {
      token: grantee.idToken,
      body: {},
    });
    expect(created.status).toBe(201);
    const { url, expiresAt } = created.body;
    expect(url).toMatch(/\/statements\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const token = tokenOf(url);
    const seen = await publicStatement(token);
    expect(seen.status).toBe(200);
    const signedIn = await app.request<Statement>('GET', statementPath(), { token: owner.idToken });
    expect(seen.body).toEqual(signedIn.body);
    const csv = await fetch(`${app.url}/api/statement-links/${token}`, { headers: { accept: 'text/csv' } });
    expect((await csv.text()).split('\r\n')[0]).toBe(STATEMENT_CSV_COLUMNS.join(','));

    const listed = await app.request<{ links: StatementLinkSummary[] }>('GET', `${statementPath()}/links`, {
      token: owner.idToken,
    });
    expect(listed.status).toBe(200);
    const link = listed.body.links[0];
    expect(link).toMatchObject({ month: MONTH, createdBy: grantee.email, expiresAt, state: 'open' });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((await app.request('GET', `${statementPath()}/links`, { token: outsider.idToken })).status).toBe(
      404,
    );
    expect(
      (await app.request('DELETE', `${statementPath()}/links/${link?.linkId}`, { token: outsider.idToken }))
        .status,
    ).toBe(404);
    const revoked = await app.request<StatementLinkSummary>(
      'DELETE',
      `${statementPath()}/links/${link?.linkId}`,
      { token: grantee.idToken },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.state).toBe('revoked');
    const gone = await publicStatement(token);
    expect(gone.status).toBe(404);
    expect(errorOf(gone.body).message).toBe(STATEMENT_MESSAGES.linkUnavailable);
  });

  it('answers one 404 for an expired, tampered, malformed or unknown token', async () => {
    const created = await app.request<StatementLinkCreated>('POST', `${statementPath()}/links`, {
      token: owner.idToken,
      body: { expiresInDays: 1 },
    });
    expect(created.status).toBe(201);
    const token = tokenOf(created.body.url);
    expect((await publicStatement(token)).status).toBe(200);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, 'short', `${token}x`]) {
      const reply = await publicStatement(bad);
      expect(reply.status, bad).toBe(404);
      expect(errorOf(reply.body).message).toBe(STATEMENT_MESSAGES.linkUnavailable);
    }
    // Its day passes: the link stops working and is listed as expired.
    const listed = await app.request<{ links: StatementLinkSummary[] }>('GET', `${statementPath()}/links`, {
      token: owner.idToken,
    });
    const linkId = listed.body.links[0]?.linkId ?? '';
    await entities()
      .statementLink.build(UpdateItemCommand)
      .item({ clientId, linkId, validUntil: new Date(Date.now() - 1000).toISOString() })
      .send();
    const expired = await publicStatement(token);
    expect(expired.status).toBe(404);
    expect(errorOf(expired.body).message).toBe(STATEMENT_MESSAGES.linkUnavailable);
    const after = await app.request<{ links: StatementLinkSummary[] }>('GET', `${statementPath()}/links`, {
      token: owner.idToken,
    });
    expect(after.body.links[0]?.state).toBe('expired');
  });

  it('refuses a link to outsiders, anonymous callers, and an expiry past 90 days', async () => {
    expect(
      (await app.request('POST', `${statementPath()}/links`, { token: outsider.idToken, body: {} })).status,
    ).toBe(404);
    expect((await app.request('POST', `${statementPath()}/links`, { body: {} })).status).toBe(401);
    for (const expiresInDays of [0, 91, 1.5]) {
      const bad = await app.request('POST', `${statementPath()}/links`, {
        token: owner.idToken,
        body: { expiresInDays },
      });
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body).message).toBe(STATEMENT_MESSAGES.expiresInDays);
    }
    const byKey = await app.request<StatementLinkCreated>('POST', `${statementPath()}/links`, {
      token: await keyOf(owner),
      body: { expiresInDays: 90 },
    });
    expect(byKey.status).toBe(201);
    // The list and revoke routes are the app's: a key is told so.
    expect((await app.request('GET', `${statementPath()}/links`, { token: await keyOf(owner) })).status).toBe(
      403,
    );
  });
});
