import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiOptions,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import type { BatchView } from '#shared/batch-schemas';
import {
  BUDGET_MESSAGES,
  budgetExceededMessage,
  budgetWouldExceedMessage,
  type ClientSpend,
} from '#shared/budget';
import { estimateNewsletter, newsletterRequestSchema } from '#shared/tools/newsletter';
import { monthOf } from '#shared/usage-dates';
import { waitForJob } from '#test/support/job-events';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/** A first job starts its function's thread; on a loaded machine that alone can take many seconds. */
const JOB_TIMEOUT_MS = 90_000;
/**
 * A client's monthly budget. A new job is refused before it starts (402) when its estimate does not fit
 * (saying so) or the month has spent it all (the issue's message); the check and the count are one
 * conditional update, so ten jobs sent at once at the boundary admit exactly as many as the budget has room
 * for; the jobs admitted run to the end and are counted; only an admin sets, raises or removes the budget or
 * allows one more job, and both are recorded. Every job for a client is that client's, saved or not (images
 * and speech too); offline jobs hold nothing of it; a bulk row held back only by running jobs' estimates (its
 * batch's or another user's) waits for them (docs/decisions.md, "Client budgets that tell the truth"). OpenAI
 * has a key here; Anthropic has none, so its models run offline.
 */

let app: TestRuntime;
let owner: TestUser;
let grantee: TestUser;
let outsider: TestUser;
let admin: TestUser;
let openai: FakeOpenAiServer;
let clientId: string;
/** While closed, provider replies wait: no job finishes (and changes the month's spend) mid-burst. */
let gate: { held: Promise<void>; release: () => void } = { held: Promise.resolve(), release: () => {} };
function closeGate(): void {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  gate = { held, release };
}

const TOPIC = 'Gutter guards';
const MODEL = 'gpt-4o';
const estimate = estimateNewsletter(newsletterRequestSchema.parse({ topic: TOPIC, model: MODEL }));
/** Each reply costs less than its estimate: 1,000 in × $2.50 + 500 out × $10 per million. */
const ACTUAL_MICRO = 1_000 * 2.5 + 500 * 10;

/** Read on every request: the bulk test makes replies nearly free for a while. */
const openaiOptions: { -readonly [K in keyof FakeOpenAiOptions]: FakeOpenAiOptions[K] } = {
  chunks: ['<h1>Guards</h1>', '<p>Keep leaves out.</p>'],
  usage: { promptTokens: 1_000, completionTokens: 500 },
  beforeReply: () => gate.held,
};

beforeAll(async () => {
  await clearOfMonthEnd();
  openai = await startFakeOpenAiServer(openaiOptions);
  app = await startTestRuntime({
    // The scheduled feeder every 2 s: a bulk row waiting on other users' jobs is fed by it.
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl, BATCH_FEED_INTERVAL_SECONDS: '2' },
  });
  [owner, grantee, outsider, admin] = await Promise.all([
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
}, withMonthEndWait(120_000));

afterAll(async () => {
  gate.release();
  await app?.stop();
  await openai?.close();
});

const setBudget = (token: string, monthlyUsd: unknown, id = clientId) =>
  app.request<ClientSpend & { error?: { code: string; message: string } }>(
    'PUT',
    `/api/clients/${id}/budget`,
    { token, body: { monthlyUsd } },
  );

const monthToDate = async (id = clientId) =>
  (await app.request<ClientSpend>('GET', `/api/clients/${id}`, { token: owner.idToken })).body.monthToDateUsd;

/** The month's spend once the job just finished is settled (it follows the job's status). */
async function waitForSpend(before: number, id = clientId): Promise<number> {
  await expect.poll(() => monthToDate(id)).toBeGreaterThan(before);
  return monthToDate(id);
}

const newClient = async (name: string) =>
  (await app.request<{ id: string }>('POST', '/api/clients', { token: owner.idToken, body: { name } })).body
    .id;

const month = () => monthOf(new Date());
const usd = (micro: number) => micro / 1_000_000;

const generate = (token = owner.idToken) =>
  app.request<{ jobId?: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/generate-newsletter',
    {
      token,
      body: { topic: TOPIC, model: MODEL, clientId },
    },
  );

describe('setting a budget', () => {
  it('is for an admin only; the owner and a grantee are refused and see it; the client replies carry it', async () => {
    for (const token of [owner.idToken, grantee.idToken]) {
      const refused = await setBudget(token, 10);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'forbidden', message: BUDGET_MESSAGES.setAdminOnly });
    }
    expect((await setBudget(outsider.idToken, 10)).status).toBe(404);
    const set = await setBudget(admin.idToken, 0.05);
    expect(set.status).toBe(200);
    expect(set.body.budget).toEqual({ monthlyUsd: 0.05, extraJobs: 0 });
    expect(set.body.monthToDateUsd).toBe(0);
    // Raising and removing are the admin's too; the owner's attempt changes nothing.
    expect((await setBudget(owner.idToken, 100)).status).toBe(403);
    expect((await setBudget(owner.idToken, null)).status).toBe(403);
    const invalid = await setBudget(admin.idToken, 0.001);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.message).toMatch(/two decimals/);
    const seen = await app.request<ClientSpend>('GET', `/api/clients/${clientId}`, { token: owner.idToken });
    expect(seen.body.budget).toEqual({ monthlyUsd: 0.05, extraJobs: 0 });
    const listed = await app.request<{ clients: (ClientSpend & { id: string })[] }>('GET', '/api/clients', {
      token: grantee.idToken,
    });
    expect(listed.body.clients.find((client) => client.id === clientId)).toMatchObject({
      budget: { monthlyUsd: 0.05, extraJobs: 0 },
      monthToDateUsd: 0,
    });
  });
});

describe('the budget at the boundary', { timeout: 120_000 }, () => {
  it('admits exactly the jobs that fit when ten are sent at once, and says the estimate is what does not fit', async () => {
    // A job is admitted when its estimate fits beside those already held: three of about $0.013 fit
    // in $0.05, a fourth does not.
    const fits = Math.floor(50_000 / estimate);
    expect(fits).toBeGreaterThan(1);
    expect(fits).toBeLessThan(10);
    closeGate();
    const replies = await Promise.all(Array.from({ length: 10 }, () => generate()));
    const admitted = replies.filter((reply) => reply.status === 202);
    const refused = replies.filter((reply) => reply.status === 402);
    expect(admitted).toHaveLength(fits);
    expect(refused).toHaveLength(10 - fits);
    // Nothing is spent yet: the message says what is held and what this job would need.
    const figures = {
      monthlyUsd: 0.05,
      spentUsd: 0,
      heldUsd: usd(fits * estimate),
      estimateUsd: usd(estimate),
    };
    for (const reply of refused) {
      expect(reply.body.error).toEqual({
        code: 'budget_exceeded',
        message: budgetWouldExceedMessage('Peak Roofing', figures, month()),
      });
      expect(reply.body.error?.message).not.toContain('has used its');
    }

    // The jobs already admitted run to the end and are counted, past the budget if need be.
    gate.release();
    for (const reply of admitted) {
      const job = await waitForJob(app, owner.idToken, reply.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
      expect(job.status).toBe('succeeded');
    }
    await expect
      .poll(
        async () =>
          (await app.request<ClientSpend>('GET', `/api/clients/${clientId}`, { token: owner.idToken })).body
            .monthToDateUsd,
      )
      .toBeCloseTo((fits * ACTUAL_MICRO) / 1_000_000, 9);
  });

  it('admits jobs one by one while the next estimate fits, then says this job would take it past', async () => {
    // The real costs (lower than the estimates) are in, so the month has some room left.
    let spent = await monthToDate();
    expect(spent).toBeLessThan(0.05);
    let admitted = 0;
    let refused: Awaited<ReturnType<typeof generate>> | null = null;
    for (let attempt = 0; attempt < 20 && refused === null; attempt += 1) {
      const reply = await generate();
      if (reply.status === 402) {
        refused = reply;
        break;
      }
      expect(reply.status).toBe(202);
      expect(spent + usd(estimate)).toBeLessThanOrEqual(0.05);
      admitted += 1;
      await waitForJob(app, owner.idToken, reply.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
      spent = await waitForSpend(spent);
    }
    expect(admitted).toBeGreaterThan(0);
    expect(spent + usd(estimate)).toBeGreaterThan(0.05);
    const figures = { monthlyUsd: 0.05, spentUsd: spent, heldUsd: 0, estimateUsd: usd(estimate) };
    expect(refused?.body.error).toEqual({
      code: 'budget_exceeded',
      message: budgetWouldExceedMessage('Peak Roofing', figures, month()),
    });
    const again = await generate(grantee.idToken);
    expect(again.status).toBe(402);
    expect(again.body.error?.code).toBe('budget_exceeded');
  });

  it('lets an admin allow one more job, once, and raise the budget; both are in the activity feed', async () => {
    const notAdmin = await app.request('POST', `/api/clients/${clientId}/budget/allow-one-more`, {
      token: owner.idToken,
    });
    expect(notAdmin.status).toBe(403);
    const allowed = await app.request<ClientSpend>('POST', `/api/clients/${clientId}/budget/allow-one-more`, {
      token: admin.idToken,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.budget?.extraJobs).toBe(1);
    const [one, two] = await Promise.all([generate(), generate()]);
    expect([one.status, two.status].sort()).toEqual([202, 402]);
    const oneMore = one.status === 202 ? one : two;
    await waitForJob(app, owner.idToken, oneMore.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);

    const raised = await setBudget(admin.idToken, 25);
    expect(raised.status).toBe(200);
    expect(raised.body.budget?.monthlyUsd).toBe(25);
    const after = await generate();
    expect(after.status).toBe(202);
    await waitForJob(app, owner.idToken, after.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);

    const feed = await app.request<{
      activities: { action: string; resource_id: string; details: Record<string, unknown> }[];
    }>('GET', '/api/activities', { token: admin.idToken });
    const actions = feed.body.activities
      .filter((activity) => activity.resource_id === clientId)
      .map((activity) => activity.action);
    expect(actions).toContain('budget_extra_job_allowed');
    expect(actions).toContain('budget_raised');
    const raise = feed.body.activities.find((activity) => activity.action === 'budget_raised');
    expect(raise?.details).toMatchObject({ previous_monthly_usd: 0.05, monthly_usd: 25 });
  });

  it('removes the budget with null', async () => {
    const removed = await setBudget(admin.idToken, null);
    expect(removed.status).toBe(200);
    expect(removed.body.budget).toBeNull();
  });
});

describe('every job for a client is that client’s', { timeout: 120_000 }, () => {
  const image = (id: string, saveToClient: boolean) =>
    app.request<{ jobId?: string; error?: { code: string; message: string } }>(
      'POST',
      '/api/generate-image',
      {
        token: owner.idToken,
        body: {
          prompt: 'A red roof in snow',
          model: 'gpt-image-1',
          size: '1024x1024',
          quality: 'low',
          numberOfImages: 1,
          clientId: id,
          saveToClient,
        },
      },
    );
  const speech = (id: string) =>
    app.request<{ jobId?: string; error?: { code: string; message: string } }>(
      'POST',
      '/api/text-to-speech',
      {
        token: owner.idToken,
        body: { text: 'Welcome to the roofing minute.', voice: 'alloy', clientId: id },
      },
    );

  it('charges an image and a speech job to the chosen client, saved or not', async () => {
    const id = await newClient('Image Roofing');
    const queued = await image(id, false);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const job = await waitForJob(app, owner.idToken, queued.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
    expect(job.status).toBe('succeeded');
    // One 1024×1024 low-quality gpt-image-1 image: $0.011, the client's.
    const spent = await waitForSpend(0, id);
    expect(spent).toBeCloseTo(0.011, 9);
    const spoken = await speech(id);
    expect(spoken.status, JSON.stringify(spoken.body)).toBe(202);
    await waitForJob(app, owner.idToken, spoken.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
    expect(await waitForSpend(spent, id)).toBeGreaterThan(spent);
  });

  it('refuses an image or speech job for a client over its budget with 402, saved or not', async () => {
    const id = await newClient('Spent Roofing');
    const first = await image(id, true);
    expect(first.status).toBe(202);
    await waitForJob(app, owner.idToken, first.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
    await waitForSpend(0, id);
    expect((await setBudget(admin.idToken, 0.01, id)).status).toBe(200);
    const used = { code: 'budget_exceeded', message: budgetExceededMessage('Spent Roofing', 0.01, month()) };
    for (const reply of [await image(id, false), await image(id, true), await speech(id)]) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(402);
      expect(reply.body.error).toEqual(used);
    }
  });
});

describe('offline jobs hold nothing of the budget', { timeout: 180_000 }, () => {
  it('admits ten offline jobs at once and eight offline bulk rows at 75 % of the budget; they cost nothing; a keyed one is told it does not fit', async () => {
    const id = await newClient('Offline Roofing');
    // One keyed job spends $0.0075; then a $0.01 budget leaves $0.0025, less than any keyed estimate.
    const keyed = (token = owner.idToken) =>
      app.request<{ jobId?: string; error?: { code: string; message: string } }>(
        'POST',
        '/api/generate-newsletter',
        { token, body: { topic: TOPIC, model: MODEL, clientId: id } },
      );
    const first = await keyed();
    expect(first.status).toBe(202);
    await waitForJob(app, owner.idToken, first.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
    const spent = await waitForSpend(0, id);
    expect(spent).toBeCloseTo(usd(ACTUAL_MICRO), 9);
    expect((await setBudget(admin.idToken, 0.01, id)).status).toBe(200);

    // Anthropic has no key here: these run offline and cost nothing, so none holds anything.
    const offline = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        app.request<{ jobId?: string; error?: { message: string } }>('POST', '/api/generate-newsletter', {
          token: owner.idToken,
          body: { topic: `${TOPIC} ${index + 1}`, model: 'claude-sonnet-4.1-20250514', clientId: id },
        }),
      ),
    );
    expect(offline.map((reply) => reply.status)).toEqual(Array.from({ length: 10 }, () => 202));
    for (const reply of offline) {
      const job = await waitForJob(app, owner.idToken, reply.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
      expect(job.status).toBe('succeeded');
    }
    expect(await monthToDate(id)).toBeCloseTo(spent, 9);

    // The same in bulk: eight offline rows for the client all run (none is refused for others' estimates).
    const rows = Array.from({ length: 8 }, (_, index) => ({
      tool: 'newsletter',
      client: 'Offline Roofing',
      topic: `${TOPIC} row ${index + 1}`,
      model: 'claude-sonnet-4.1-20250514',
    }));
    const batch = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: owner.idToken,
      body: { rows, saveToClient: false },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await app.request<BatchView>('GET', `/api/batches/${batch.body.batchId}`, {
              token: owner.idToken,
            })
          ).body.counts,
        { timeout: 120_000, interval: 250 },
      )
      .toMatchObject({ succeeded: 8, failed: 0 });
    expect(await monthToDate(id)).toBeCloseTo(spent, 9);

    const refused = await keyed();
    expect(refused.status).toBe(402);
    const figures = { monthlyUsd: 0.01, spentUsd: spent, heldUsd: 0, estimateUsd: usd(estimate) };
    expect(refused.body.error?.message).toBe(budgetWouldExceedMessage('Offline Roofing', figures, month()));
  });
});

describe('a bulk row held back by its batch’s running rows', { timeout: 180_000 }, () => {
  afterAll(() => {
    openaiOptions.usage = { promptTokens: 1_000, completionTokens: 500 };
  });

  it('waits while they run and runs when they settle, instead of failing', async () => {
    // Nearly free replies (100 in, 100 out: $0.00125), and a $0.02 budget: one row's estimate (about
    // $0.0128) fits, two do not, and once the first has cost its $0.00125 the second fits.
    openaiOptions.usage = { promptTokens: 100, completionTokens: 100 };
    // A user of its own, whose job slots no other test holds: a row waiting for a slot is not this.
    const bulkUser = await app.createUser();
    const id = (
      await app.request<{ id: string }>('POST', '/api/clients', {
        token: bulkUser.idToken,
        body: { name: 'Bulk Roofing' },
      })
    ).body.id;
    expect((await setBudget(admin.idToken, 0.02, id)).status).toBe(200);
    closeGate();
    const rows = Array.from({ length: 2 }, () => ({
      tool: 'newsletter',
      client: 'Bulk Roofing',
      topic: TOPIC,
      model: MODEL,
    }));
    const created = await app.request<{ batchId: string; error?: unknown }>('POST', '/api/batches', {
      token: bulkUser.idToken,
      body: { rows, saveToClient: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = async () =>
      (
        await app.request<BatchView>('GET', `/api/batches/${created.body.batchId}`, {
          token: bulkUser.idToken,
        })
      ).body;
    // The first row runs (its reply held); the second waits for it, not refused.
    const started = (status: string) => (status === 'running' ? 'queued' : status);
    await expect
      .poll(async () => (await view()).rows.map((row) => started(row.status)))
      .toEqual(['queued', 'waiting']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await view()).rows[1]).toMatchObject({ status: 'waiting' });
    expect((await view()).rows[1]?.error).toBeUndefined();
    gate.release();
    await expect
      .poll(async () => (await view()).rows.map((row) => row.status), { timeout: 120_000, interval: 250 })
      .toEqual(['succeeded', 'succeeded']);
  });
});

describe('a bulk row held back by another user’s running job', { timeout: 180_000 }, () => {
  afterAll(() => {
    openaiOptions.usage = { promptTokens: 1_000, completionTokens: 500 };
  });

  it('waits while that job runs and runs when it settles, with none of its own batch running', async () => {
    // As above: a $0.02 budget holds one newsletter's estimate (about $0.0128), not two, and a reply
    // costs $0.00125. The owner's job holds the room; the bulk row is a grantee's, alone in its batch.
    openaiOptions.usage = { promptTokens: 100, completionTokens: 100 };
    const bulkUser = await app.createUser();
    const id = await newClient('Shared Roofing');
    await app.request('POST', `/api/clients/${id}/access`, {
      token: owner.idToken,
      body: { email: bulkUser.email },
    });
    expect((await setBudget(admin.idToken, 0.02, id)).status).toBe(200);
    closeGate();
    const running = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: TOPIC, model: MODEL, clientId: id },
    });
    expect(running.status).toBe(202);
    const created = await app.request<{ batchId: string; error?: unknown }>('POST', '/api/batches', {
      token: bulkUser.idToken,
      body: {
        rows: [{ tool: 'newsletter', client: 'Shared Roofing', topic: TOPIC, model: MODEL }],
        saveToClient: false,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = async () =>
      (
        await app.request<BatchView>('GET', `/api/batches/${created.body.batchId}`, {
          token: bulkUser.idToken,
        })
      ).body;
    // It waits through several scheduled feeds (every 2 s) instead of failing.
    for (const _ of [1, 2, 3]) {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const row = (await view()).rows[0];
      expect(row?.status).toBe('waiting');
      expect(row?.error).toBeUndefined();
    }
    gate.release();
    await waitForJob(app, owner.idToken, running.body.jobId, undefined, JOB_TIMEOUT_MS);
    await expect
      .poll(async () => (await view()).rows.map((row) => row.status), { timeout: 120_000, interval: 250 })
      .toEqual(['succeeded']);
  });
});
