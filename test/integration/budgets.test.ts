import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { budgetExceededMessage, type ClientSpend } from '#shared/budget';
import { estimateNewsletter } from '#shared/tools/job-estimates';
import { newsletterRequestSchema } from '#shared/tools/newsletter';
import { monthOf } from '#shared/usage-dates';
import { waitForJob } from '#test/support/job-events';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/** A first job starts its function's thread; on a loaded machine that alone can take many seconds. */
const JOB_TIMEOUT_MS = 90_000;
/**
 * Issue 34 item 4: a client's monthly budget. At 100 % a new job is refused before it starts (402 with
 * the message); the check and the count are one conditional update, so ten jobs sent at once at
 * the boundary admit exactly as many as the budget has room for; the jobs admitted run to the end and
 * are counted; an admin can raise the budget or allow one more job, and both are recorded.
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

beforeAll(async () => {
  await clearOfMonthEnd();
  openai = await startFakeOpenAiServer({
    chunks: ['<h1>Guards</h1>', '<p>Keep leaves out.</p>'],
    usage: { promptTokens: 1_000, completionTokens: 500 },
    beforeReply: () => gate.held,
  });
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
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

const setBudget = (token: string, monthlyUsd: unknown) =>
  app.request<ClientSpend & { error?: { code: string; message: string } }>(
    'PUT',
    `/api/clients/${clientId}/budget`,
    { token, body: { monthlyUsd } },
  );

const monthToDate = async () =>
  (await app.request<ClientSpend>('GET', `/api/clients/${clientId}`, { token: owner.idToken })).body
    .monthToDateUsd;

/** The month's spend once the job just finished is settled (it follows the job's status). */
async function waitForSpend(before: number): Promise<number> {
  await expect.poll(monthToDate).toBeGreaterThan(before);
  return monthToDate();
}

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
  it('is for the owner or an admin; the client replies carry it and the month so far', async () => {
    const set = await setBudget(owner.idToken, 0.05);
    expect(set.status).toBe(200);
    expect(set.body.budget).toEqual({ monthlyUsd: 0.05, extraJobs: 0 });
    expect(set.body.monthToDateUsd).toBe(0);
    expect((await setBudget(grantee.idToken, 10)).status).toBe(403);
    expect((await setBudget(outsider.idToken, 10)).status).toBe(404);
    const invalid = await setBudget(owner.idToken, 0.001);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.message).toMatch(/two decimals/);
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
  it('admits exactly the jobs that fit when ten are sent at once, and refuses the rest with the message', async () => {
    // A job is admitted while the month's committed spend is below the budget: 0, 1, 2 and 3 estimates
    // are, 4 are not (at $0.05 and about $0.013 a job).
    const fits = Math.ceil(50_000 / estimate);
    expect(fits).toBeGreaterThan(1);
    expect(fits).toBeLessThan(10);
    closeGate();
    const replies = await Promise.all(Array.from({ length: 10 }, () => generate()));
    const admitted = replies.filter((reply) => reply.status === 202);
    const refused = replies.filter((reply) => reply.status === 402);
    expect(admitted).toHaveLength(fits);
    expect(refused).toHaveLength(10 - fits);
    for (const reply of refused) {
      expect(reply.body.error).toEqual({
        code: 'budget_exceeded',
        message: budgetExceededMessage('Peak Roofing', 0.05, monthOf(new Date())),
      });
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

  it('admits jobs one by one while the month is under budget, and refuses anyone once it has spent it', async () => {
    // The real costs (lower than the estimates) are in, so the month has some room left.
    let spent = await monthToDate();
    expect(spent).toBeLessThan(0.05);
    let admitted = 0;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const reply = await generate();
      if (reply.status === 402) break;
      expect(reply.status).toBe(202);
      expect(spent).toBeLessThan(0.05);
      admitted += 1;
      await waitForJob(app, owner.idToken, reply.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
      spent = await waitForSpend(spent);
    }
    expect(admitted).toBeGreaterThan(0);
    expect(spent).toBeGreaterThanOrEqual(0.05);
    const refused = await generate(grantee.idToken);
    expect(refused.status).toBe(402);
    expect(refused.body.error?.code).toBe('budget_exceeded');
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
    const removed = await setBudget(owner.idToken, null);
    expect(removed.status).toBe(200);
    expect(removed.body.budget).toBeNull();
  });
});
