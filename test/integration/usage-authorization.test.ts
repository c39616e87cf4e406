import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '#shared/batch-schemas';
import type { UsageJob, UsageReply } from '#shared/usage';
import { waitForJob } from '#test/support/job-events';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/** A first job starts its function's thread; on a loaded machine that alone can take many seconds. */
const JOB_TIMEOUT_MS = 90_000;
/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": who may see what of the usage and bulk routes. An
 * admin sees every job; anyone else signed in sees the clients they can see (and their own jobs without a
 * client); an API key sees only its owner's own jobs, whatever its owner may see; a batch is its creator's
 * (or an admin's); a client's usage is a 404 to whoever cannot see the client; and nothing answers without
 * credentials.
 */

let app: TestRuntime;
let owner: TestUser;
let grantee: TestUser;
let stranger: TestUser;
let admin: TestUser;
let ownerKey: string;
let granteeKey: string;
let clientId: string;
let jobs: { owner: string; grantee: string; stranger: string; ownerNoClient: string };
let batchId: string;

async function generate(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const queued = await app.request<{ jobId: string }>('POST', '/api/generate-faq', {
    token: user.idToken,
    body,
  });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  expect((await waitForJob(app, user.idToken, queued.body.jobId, undefined, JOB_TIMEOUT_MS)).status).toBe(
    'succeeded',
  );
  return queued.body.jobId;
}

async function keyOf(user: TestUser): Promise<string> {
  const created = await app.request<{ key: string }>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name: 'Usage test' },
  });
  expect(created.status).toBe(201);
  return created.body.key;
}

/** Every job id the caller's usage lists, once the last job's accounting is in. */
async function listedJobs(token: string, query = ''): Promise<string[]> {
  const page = await app.request<{ rows: UsageJob[] }>('GET', `/api/usage/jobs?limit=1000${query}`, {
    token,
  });
  expect(page.status).toBe(200);
  return page.body.rows.map((row) => row.jobId);
}

beforeAll(async () => {
  await clearOfMonthEnd();
  app = await startTestRuntime();
  [owner, grantee, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Peak Roofing' },
  });
  clientId = created.body.id;
  await app.request('POST', `/api/clients/${clientId}/access`, {
    token: owner.idToken,
    body: { email: grantee.email },
  });
  const strangerClient = await app.request<{ id: string }>('POST', '/api/clients', {
    token: stranger.idToken,
    body: { name: "Stranger's own" },
  });
  jobs = {
    owner: await generate(owner, { topic: 'Gutters', clientId }),
    grantee: await generate(grantee, { topic: 'Skylights', clientId }),
    stranger: await generate(stranger, { topic: 'Decks', clientId: strangerClient.body.id }),
    ownerNoClient: await generate(owner, { topic: 'No client at all' }),
  };
  [ownerKey, granteeKey] = await Promise.all([keyOf(owner), keyOf(grantee)]);
  const batch = await app.request<{ batchId: string }>('POST', '/api/batches', {
    token: owner.idToken,
    body: { rows: [{ tool: 'faq', client: 'Peak Roofing', topic: 'Batch row' }] },
  });
  batchId = batch.body.batchId;
  // Every job's accounting is in before the checks (the last settle follows its status).
  const deadline = Date.now() + 20_000;
  while ((await listedJobs(admin.idToken)).length < 5) {
    if (Date.now() > deadline) throw new Error('The jobs of the fixture were not all accounted');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, withMonthEndWait(120_000));

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/usage and /api/usage/jobs', () => {
  it('answers 401 without credentials', async () => {
    for (const path of ['/api/usage', '/api/usage/jobs', '/api/batches', `/api/batches/${batchId}`]) {
      expect((await app.request('GET', path)).status, path).toBe(401);
    }
    expect((await app.request('POST', '/api/batches', { body: { rows: [] } })).status).toBe(401);
  });

  it('shows an admin every job, across clients and users', async () => {
    const ids = await listedJobs(admin.idToken);
    expect(ids).toEqual(expect.arrayContaining(Object.values(jobs)));
    const usage = await app.request<UsageReply>('GET', '/api/usage?groupBy=user', { token: admin.idToken });
    expect(usage.body.scope).toBe('all');
    expect(usage.body.rows.map((row) => row.label)).toEqual(
      expect.arrayContaining([owner.email, grantee.email, stranger.email]),
    );
  });

  it('shows a user the clients they can see and their own jobs without a client, nothing else', async () => {
    const seenByOwner = await listedJobs(owner.idToken);
    expect(seenByOwner).toEqual(expect.arrayContaining([jobs.owner, jobs.grantee, jobs.ownerNoClient]));
    expect(seenByOwner).not.toContain(jobs.stranger);
    const seenByGrantee = await listedJobs(grantee.idToken);
    expect(seenByGrantee).toEqual(expect.arrayContaining([jobs.owner, jobs.grantee]));
    // The owner's job without a client is the owner's alone.
    expect(seenByGrantee).not.toContain(jobs.ownerNoClient);
    const usage = await app.request<UsageReply>('GET', '/api/usage?groupBy=client', {
      token: stranger.idToken,
    });
    expect(usage.body.scope).toBe('visible');
    expect(usage.body.rows.map((row) => row.label)).toEqual(["Stranger's own"]);
  });

  it("limits an API key to its owner's own jobs", async () => {
    const byKey = await listedJobs(granteeKey);
    expect(byKey).toContain(jobs.grantee);
    expect(byKey).not.toContain(jobs.owner);
    const usage = await app.request<UsageReply>('GET', '/api/usage', { token: ownerKey });
    expect(usage.body.scope).toBe('own');
    expect(usage.body.totals.jobs).toBe((await listedJobs(ownerKey)).length);
    expect(await listedJobs(ownerKey)).not.toContain(jobs.grantee);
  });

  it("answers 404 for a client's usage to whoever cannot see the client", async () => {
    const path = `/api/usage/jobs?clientId=${clientId}`;
    expect((await app.request('GET', path, { token: stranger.idToken })).status).toBe(404);
    expect((await app.request('GET', path, { token: grantee.idToken })).status).toBe(200);
    expect((await app.request('GET', path, { token: admin.idToken })).status).toBe(200);
    expect(
      (
        await app.request('GET', '/api/usage/jobs?clientId=01J00000000000000000000000', {
          token: admin.idToken,
        })
      ).status,
    ).toBe(404);
  });

  it('exports the rows behind the view as CSV, one line per job', async () => {
    const response = await fetch(`${app.url}/api/usage/jobs?clientId=${clientId}`, {
      headers: { authorization: `Bearer ${owner.idToken}`, accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^jobId,startedAt,finishedAt,tool,modelId,provider,status,clientId,clientName/);
    const clientJobs = await listedJobs(owner.idToken, `&clientId=${clientId}`);
    expect(lines).toHaveLength(clientJobs.length + 1);
  });

  it('names a bad period', async () => {
    const reply = await app.request('GET', '/api/usage?from=2026-11-10&to=2026-11-01', {
      token: owner.idToken,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toMatch(/from/);
    const bad = await app.request('GET', '/api/usage?groupBy=weather', { token: owner.idToken });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/groupBy/);
  });
});

describe('batches', () => {
  it("are their creator's and an admin's", async () => {
    expect(
      (await app.request<BatchView>('GET', `/api/batches/${batchId}`, { token: owner.idToken })).status,
    ).toBe(200);
    expect((await app.request('GET', `/api/batches/${batchId}`, { token: admin.idToken })).status).toBe(200);
    expect((await app.request('GET', `/api/batches/${batchId}`, { token: ownerKey })).status).toBe(200);
    for (const token of [grantee.idToken, stranger.idToken, granteeKey]) {
      expect((await app.request('GET', `/api/batches/${batchId}`, { token })).status).toBe(404);
      expect((await app.request('POST', `/api/batches/${batchId}/cancel`, { token })).status).toBe(404);
      expect((await app.request('POST', `/api/batches/${batchId}/retry-failed`, { token })).status).toBe(404);
    }
    const listed = await app.request<{ batches: { batchId: string }[] }>('GET', '/api/batches', {
      token: grantee.idToken,
    });
    expect(listed.body.batches.map((batch) => batch.batchId)).not.toContain(batchId);
  });

  it('may name only clients the caller can see', async () => {
    const reply = await app.request('POST', '/api/batches', {
      token: stranger.idToken,
      body: { rows: [{ tool: 'faq', client: clientId, topic: 'Not mine' }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toMatch(/No client you can see/);
  });
});
