import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchRows, rowJobId } from '#functions/batches/batch-store';
import { waitingBatches } from '#functions/batches/batch-waits';
import { releaseJobSlot, takeJobSlot } from '#functions/generation/job-slots';
import { createJob, failUnqueuedJob } from '#functions/generation/job-store';
import { MAX_BATCH_ROWS } from '#shared/batch-columns';
import type { BatchView } from '#shared/batch-schemas';
import { batchTemplateCsv } from '#shared/batches';
import { BATCH_JOB_SLOTS } from '#shared/generation-jobs';
import type { UsageJob } from '#shared/usage';
import {
  bootstrappedAdmin,
  childAppApi,
  signInThroughApp,
  startChildApp,
  stopChildApp,
} from '#test/support/child-app';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": bulk generation end to end. A batch is checked
 * whole before anything runs; its rows are fed within the user's job slots (they wait, they are not refused);
 * a failed row does not stop the others; a batch can be cancelled and its failed rows retried; and it
 * survives a kill -9 of the runtime in the middle of its run with no row lost and none run twice.
 */

let app: TestRuntime;
let user: TestUser;
let other: TestUser;
let clientId: string;
/** The client's website and the pages rows read, on 127.0.0.1 (allowed to the fetcher): no network. */
let site: Server;
let siteUrl: string;

const PAGE = `<!doctype html><html><head><title>Ice dams</title></head><body><article><h1>Ice dams</h1>
<p>Ice dams form when heat escapes through the roof and melts the snow above the eaves.</p>
<p>Peak Roofing seals the attic and adds ventilation so the roof deck stays cold all winter.</p>
<p>Heated cables along the eaves help on older homes; call for a free inspection.</p></article></body></html>`;

beforeAll(async () => {
  site = createServer((request, response) => {
    const found = !request.url?.startsWith('/missing');
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? PAGE : 'Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const address = site.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  siteUrl = `http://127.0.0.1:${port}`;
  app = await startTestRuntime({
    env: {
      OFFLINE_STREAM_DELAY_MS: '2',
      FETCH_ALLOW_HOSTS: `127.0.0.1:${port}`,
      BATCH_FEED_INTERVAL_SECONDS: '1',
    },
  });
  [user, other] = await Promise.all([app.createUser(), app.createUser()]);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: user.idToken,
    body: { name: 'Peak Roofing', website: siteUrl },
  });
  clientId = created.body.id;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => site?.close(resolve));
});

async function waitForBatch(
  get: () => Promise<BatchView>,
  done: (batch: BatchView) => boolean = (batch) => batch.status !== 'running',
  timeoutMs = 120_000,
): Promise<BatchView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await get();
    if (done(batch)) return batch;
    if (Date.now() > deadline)
      throw new Error(`Batch still ${batch.status}: ${JSON.stringify(batch.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const getBatch =
  (batchId: string, token = user.idToken) =>
  async () =>
    (await app.request<BatchView>('GET', `/api/batches/${batchId}`, { token })).body;

const faqRows = (count: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => ({
    tool: 'faq',
    client: 'Peak Roofing',
    topic: `Roof question set ${index + 1}`,
    questions: 7,
    ...extra,
  }));

// Slots freed by the user's other jobs fed nobody, so a batch whose every row waited for
// them stood still until someone read it (GET repairs a stalled batch). The scheduled feeder moves it.
describe('a batch waiting for slots that other jobs hold', () => {
  it('is fed by the scheduled feeder once they are freed, with nobody reading it', async () => {
    const waiter = await app.createUser();
    await app.request('POST', '/api/clients', {
      token: waiter.idToken,
      body: { name: 'Peak Roofing', website: siteUrl },
    });
    // Jobs of the user's own, stored and never queued (so they stay unfinished), hold every slot a
    // batch may take.
    const caller = {
      userId: waiter.userId,
      email: waiter.email,
      isAdmin: false,
      authMethod: 'token',
    } as const;
    const held = Array.from({ length: BATCH_JOB_SLOTS }, () => ulid());
    for (const jobId of held) {
      await createJob(caller, 'newsletter', { topic: 'Held' }, null, jobId);
      await takeJobSlot(waiter.userId, jobId);
    }
    const created = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: waiter.idToken,
      body: { rows: faqRows(2) },
    });
    expect(created.status).toBe(201);
    const { batchId } = created.body;
    const statuses = async () => (await batchRows(batchId)).map((row) => row.status);
    // Three runs of the feeder (one a second here): the slots are still held, so the rows still wait.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await statuses()).toEqual(['waiting', 'waiting']);
    expect((await waitingBatches()).map((wait) => wait.batchId)).toContain(batchId);

    for (const jobId of held) {
      await failUnqueuedJob(jobId, 'Held for the test');
      await releaseJobSlot(waiter.userId, jobId);
    }
    const deadline = Date.now() + 60_000;
    while ((await statuses()).some((status) => status !== 'succeeded')) {
      if (Date.now() > deadline) throw new Error(`Rows still ${JSON.stringify(await statuses())}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await waitingBatches()).map((wait) => wait.batchId)).not.toContain(batchId);
  }, 90_000);
});

describe('POST /api/batches', () => {
  it('checks every row first and starts nothing while any has a problem', async () => {
    const csv = [
      'tool,client,topic,questions',
      'faq,Peak Roofing,Gutters,8',
      'faq,Nobody,Gutters,12',
      'poem,,Roses,',
    ].join('\n');
    const refused = await app.request<{ error: { code: string; message: string; problems: unknown[] } }>(
      'POST',
      '/api/batches',
      { token: user.idToken, body: csv, headers: { 'content-type': 'text/csv' } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_rows');
    expect(refused.body.error.message).toMatch(/^2 rows have problems/);
    expect(refused.body.error.problems).toEqual([
      { row: 3, column: 'client', message: 'No client you can see is named or has the id "Nobody".' },
      { row: 3, column: 'questions', message: expect.stringMatching(/10/) },
      { row: 4, column: 'tool', message: expect.stringMatching(/^Unknown tool "poem"/) },
    ]);
    const listed = await app.request<{ batches: unknown[] }>('GET', '/api/batches', { token: user.idToken });
    expect(listed.body.batches).toEqual([]);
    // Another user's clients are not for this user's rows.
    const elsewhere = await app.request('POST', '/api/batches', {
      token: other.idToken,
      body: { rows: faqRows(1) },
    });
    expect(elsewhere.status).toBe(400);
    const tooMany = await app.request('POST', '/api/batches', {
      token: user.idToken,
      body: { rows: faqRows(MAX_BATCH_ROWS + 1) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('runs the template, one job per row fed within the job slots, saved to the client', async () => {
    // The template, with its blog post on the test's site, where it is missing.
    const csv = batchTemplateCsv().replace(
      'https://www.example.com/blog/ice-dams',
      `${siteUrl}/missing/ice-dams`,
    );
    const created = await app.request<{ batchId: string; rows: number; estimatedCostUsd: number }>(
      'POST',
      '/api/batches',
      { token: user.idToken, body: csv, headers: { 'content-type': 'text/csv' } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.rows).toBe(8);
    expect(created.body.estimatedCostUsd).toBeGreaterThan(0);
    const batch = await waitForBatch(getBatch(created.body.batchId));
    // The blog rewrite's page is missing: that row fails, the others carry on.
    expect(batch.counts).toMatchObject({ total: 8, succeeded: 7, failed: 1 });
    expect(batch.rows.find((row) => row.status === 'failed')?.tool).toBe('blog-rewrite');
    for (const row of batch.rows.filter((candidate) => candidate.status === 'succeeded')) {
      expect(row.jobId).toBe(rowJobId(created.body.batchId, row.row, 0));
      expect(row.contentId).toBe(row.jobId);
      expect(row.title).toBeTruthy();
      expect(row.costUsd).toBe(0);
    }
    const library = await app.request<{ content: { id: string }[] }>(
      'GET',
      `/api/clients/${clientId}/content?limit=100`,
      {
        token: user.idToken,
      },
    );
    expect(library.body.content.map((item) => item.id)).toEqual(
      expect.arrayContaining(batch.rows.filter((row) => row.contentId).map((row) => row.contentId)),
    );
    // A finished batch has nothing to cancel: it answers as it is, and stays finished.
    const cancelled = await app.request<BatchView>('POST', `/api/batches/${created.body.batchId}/cancel`, {
      token: user.idToken,
    });
    expect([cancelled.status, cancelled.body.status, cancelled.body.counts]).toEqual([
      200,
      'finished',
      batch.counts,
    ]);
    expect((await getBatch(created.body.batchId)()).status).toBe('finished');
  });

  it('keeps rows waiting beyond the job slots, and cancels the waiting ones while running rows finish', async () => {
    // Far more rows than the slots: the cancel comes while most of them still wait.
    const extra = 200;
    const created = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: user.idToken,
      body: { rows: faqRows(BATCH_JOB_SLOTS + extra), saveToClient: false },
    });
    expect(created.status).toBe(201);
    const first = await getBatch(created.body.batchId)();
    // Fed within the slots: the rest wait, nothing is refused.
    expect(first.counts.waiting).toBeGreaterThan(0);
    expect(first.counts.failed).toBe(0);
    const cancelled = await app.request<BatchView>('POST', `/api/batches/${created.body.batchId}/cancel`, {
      token: user.idToken,
    });
    expect(cancelled.status).toBe(200);
    const settled = await waitForBatch(getBatch(created.body.batchId));
    expect(settled.status).toBe('cancelled');
    expect(settled.counts.cancelled).toBeGreaterThan(0);
    expect(settled.counts.failed).toBe(0);
    expect(settled.counts.succeeded + settled.counts.cancelled).toBe(BATCH_JOB_SLOTS + extra);
    for (const row of settled.rows.filter((candidate) => candidate.status === 'cancelled'))
      expect(row.jobId).toBeNull();
  });

  it('retries the failed rows only, as new jobs', async () => {
    const created = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: user.idToken,
      body: {
        rows: [
          { tool: 'faq', client: 'Peak Roofing', topic: 'Skylights' },
          { tool: 'blog-rewrite', url: `${siteUrl}/missing/post` },
        ],
      },
    });
    const finished = await waitForBatch(getBatch(created.body.batchId));
    expect(finished.counts).toMatchObject({ succeeded: 1, failed: 1 });
    const failedRow = finished.rows.find((row) => row.status === 'failed');
    const retried = await app.request<BatchView>(
      'POST',
      `/api/batches/${created.body.batchId}/retry-failed`,
      {
        token: user.idToken,
      },
    );
    expect(retried.status).toBe(200);
    const again = await waitForBatch(getBatch(created.body.batchId));
    const row = again.rows.find((candidate) => candidate.row === failedRow?.row);
    expect(row?.status).toBe('failed');
    expect(row?.jobId).toBe(rowJobId(created.body.batchId, failedRow?.row ?? 0, 1));
    expect(row?.jobId).not.toBe(failedRow?.jobId);
    // The succeeded row was left alone.
    const kept = again.rows.find((candidate) => candidate.status === 'succeeded');
    expect(kept?.jobId).toBe(finished.rows.find((candidate) => candidate.status === 'succeeded')?.jobId);
  });

  it("is the caller's own: 404 to another user", async () => {
    const created = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: user.idToken,
      body: { rows: faqRows(1) },
    });
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/cancel'],
      ['POST', '/retry-failed'],
    ] as const) {
      const reply = await app.request(method, `/api/batches/${created.body.batchId}${path}`, {
        token: other.idToken,
      });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    await waitForBatch(getBatch(created.body.batchId));
  });
});

describe('a batch and a crash', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // Slow enough that the batch is under way for a few seconds when the process is killed.
  const startApp = (dataDir: string) => startChildApp(dataDir, { OFFLINE_STREAM_DELAY_MS: '15' });
  const signIn = (url: string, dataDir: string) => signInThroughApp(url, bootstrappedAdmin(dataDir));

  it('survives kill -9 mid-run: every row finishes, none is lost and none runs twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lbm-batch-crash-'));
    dirs.push(dataDir);
    const ROWS = 24;
    let app = await startApp(dataDir);
    let api = childAppApi(app.url);
    let batchId: string;
    let clientOfRun: string;
    try {
      const token = await signIn(app.url, dataDir);
      clientOfRun = (await api<{ id: string }>(token, 'POST', '/api/clients', { name: 'Crash Roofing' })).id;
      const rows = Array.from({ length: ROWS }, (_, index) => ({
        tool: 'faq',
        client: 'Crash Roofing',
        topic: `Question set ${index + 1}`,
        questions: 7,
      }));
      batchId = (await api<{ batchId: string }>(token, 'POST', '/api/batches', { rows })).batchId;
      // Killed while some rows are done, some under way and the rest waiting.
      const midRun = await waitForBatch(
        () => api<BatchView>(token, 'GET', `/api/batches/${batchId}`),
        (batch) => batch.counts.succeeded >= 5,
      );
      expect(midRun.counts.succeeded).toBeLessThan(ROWS);
      expect(midRun.counts.queued + midRun.counts.running).toBeGreaterThan(0);
    } finally {
      await stopChildApp(app.child, 'SIGKILL');
    }
    const atKill = await (async () => {
      app = await startApp(dataDir);
      api = childAppApi(app.url);
      const token = await signIn(app.url, dataDir);
      return { token };
    })();
    try {
      const finished = await waitForBatch(() =>
        api<BatchView>(atKill.token, 'GET', `/api/batches/${batchId}`),
      );
      expect(finished.status).toBe('finished');
      expect(finished.counts).toMatchObject({ total: ROWS, succeeded: ROWS });
      // One job per row, the one derived from its row: no row was fed twice under another job.
      expect(finished.rows.map((row) => row.jobId)).toEqual(
        finished.rows.map((row) => rowJobId(batchId, row.row, 0)),
      );
      // Each row saved exactly one library item, and the usage counts each job once.
      const library = await api<{ content: { id: string }[] }>(
        atKill.token,
        'GET',
        `/api/clients/${clientOfRun}/content?limit=100`,
      );
      expect(library.content.map((item) => item.id).sort()).toEqual(
        finished.rows.map((row) => row.contentId).sort(),
      );
      const usage = await api<{ rows: UsageJob[] }>(
        atKill.token,
        'GET',
        `/api/usage/jobs?clientId=${clientOfRun}&limit=1000`,
      );
      const ofBatch = usage.rows.filter((row) => row.batchId === batchId);
      expect(ofBatch.map((row) => row.jobId).sort()).toEqual(finished.rows.map((row) => row.jobId).sort());
      // Without provider keys the offline composer wrote them: recorded as offline, at no cost.
      for (const row of ofBatch) expect(row).toMatchObject({ provider: 'offline', costUsd: 0, tool: 'faq' });
      const activities = await api<{ activities: { id: string }[] }>(atKill.token, 'GET', '/api/activities');
      const perJob = new Map<string, number>();
      for (const activity of activities.activities)
        perJob.set(activity.id, (perJob.get(activity.id) ?? 0) + 1);
      for (const row of finished.rows) expect(perJob.get(row.jobId ?? ''), row.jobId ?? '').toBe(1);
    } finally {
      await stopChildApp(app.child, 'SIGINT');
    }
  }, 300_000);
});
