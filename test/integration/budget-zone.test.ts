import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#functions/providers/testing/fake-openai-server';
import { budgetWouldExceedMessage, type ClientSpend } from '#shared/budget';
import { dayIn, monthOf } from '#shared/time-zone';
import { estimateNewsletter, newsletterRequestSchema } from '#shared/tools/newsletter';
import type { UsageReply } from '#shared/usage';
import { waitForJob } from '#test/support/job-events';
import { clearOfMonthEnd, withMonthEndWait } from '#test/support/month-end';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { zoneApartFromUtc } from '#test/support/zone-apart-from-utc';

/**
 * Budgets and "this month" follow the agency's time zone, picked from the current instant so that its
 * calendar differs from UTC's now (test/support/zone-apart-from-utc.ts). The budget month then differs from
 * the UTC month only at a month's edge; shared/time-zone.test.ts and
 * functions/budgets/client-spend-month.test.ts hold that mapping at fixed instants.
 * docs/decisions.md, "Months and days in the agency's zone".
 */

const JOB_TIMEOUT_MS = 90_000;

/** Zone days and months a little ahead, so a test that takes a minute still sees the same ones. */
const pickZone = () => zoneApartFromUtc(new Date(Date.now() + 60_000));
let zone: string;

const TOPIC = 'Gutter guards';
const MODEL = 'gpt-4o';
const estimate = estimateNewsletter(newsletterRequestSchema.parse({ topic: TOPIC, model: MODEL }));

let app: TestRuntime;
let owner: TestUser;
let admin: TestUser;
let openai: FakeOpenAiServer;
let clientId: string;

beforeAll(async () => {
  // Every step must fall in one month of the zone set: clear of that zone's month end, then picked
  // again, as the wait may have carried its calendar back to UTC's (test/support/month-end.ts).
  await clearOfMonthEnd(pickZone());
  zone = pickZone();
  openai = await startFakeOpenAiServer({
    chunks: ['<h1>Guards</h1>', '<p>Keep leaves out.</p>'],
    usage: { promptTokens: 1_000, completionTokens: 500 },
  });
  app = await startTestRuntime({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseUrl } });
  [owner, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
  // The zone is set before any job: every function reads it on its first use.
  const saved = await app.request('PUT', '/api/settings', { token: admin.idToken, body: { timeZone: zone } });
  expect(saved.status).toBe(200);
  const created = await app.request<{ id: string }>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Harbor Dental' },
  });
  clientId = created.body.id;
}, withMonthEndWait(120_000));

afterAll(async () => {
  await app?.stop();
  await openai?.close();
});

const setBudget = (monthlyUsd: number) =>
  app.request<ClientSpend>('PUT', `/api/clients/${clientId}/budget`, {
    token: admin.idToken,
    body: { monthlyUsd },
  });

const generate = () =>
  app.request<{ jobId?: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/generate-newsletter',
    { token: owner.idToken, body: { topic: TOPIC, model: MODEL, clientId } },
  );

describe("the agency's zone", { timeout: 150_000 }, () => {
  it("refuses a job naming the zone's month, and counts an admitted one in it", async () => {
    // A budget smaller than one job's estimate: the first job is refused, naming the month.
    expect((await setBudget(0.01)).status).toBe(200);
    const refused = await generate();
    expect(refused.status).toBe(402);
    const figures = { monthlyUsd: 0.01, spentUsd: 0, heldUsd: 0, estimateUsd: estimate / 1_000_000 };
    expect(refused.body.error?.message).toBe(
      budgetWouldExceedMessage('Harbor Dental', figures, monthOf(new Date(), zone)),
    );

    expect((await setBudget(10)).status).toBe(200);
    const admitted = await generate();
    expect(admitted.status).toBe(202);
    const job = await waitForJob(app, owner.idToken, admitted.body.jobId ?? '', undefined, JOB_TIMEOUT_MS);
    expect(job.status).toBe('succeeded');
    // The month-to-date is read from the zone month's spend item, where the job was counted.
    await expect
      .poll(async () => {
        const read = await app.request<ClientSpend>('GET', `/api/clients/${clientId}`, {
          token: owner.idToken,
        });
        return read.body.monthToDateUsd;
      })
      .toBeGreaterThan(0);
  });

  it("reports this month so far in the zone, the job on the zone's day, for an admin and the owner", async () => {
    const today = dayIn(new Date(), zone);
    for (const user of [admin, owner]) {
      await expect
        .poll(
          async () =>
            (await app.request<UsageReply>('GET', '/api/usage', { token: user.idToken })).body.totals.jobs,
        )
        .toBe(1);
      const { body } = await app.request<UsageReply>('GET', '/api/usage', { token: user.idToken });
      expect(body).toMatchObject({ from: `${today.slice(0, 7)}-01`, to: today, timeZone: zone });
      expect(body.days.at(-1)).toMatchObject({ day: today, jobs: 1 });
      expect(body.days.reduce((jobs, day) => jobs + day.jobs, 0)).toBe(1);
      expect(body.topJobs).toHaveLength(1);
      // The job's rows are in the zone's day too (the jobs list and its CSV read the same period).
      const jobs = await app.request<{ rows: unknown[] }>(
        'GET',
        `/api/usage/jobs?from=${today}&to=${today}`,
        {
          token: user.idToken,
        },
      );
      expect(jobs.body.rows).toHaveLength(1);
      // The zone's day starts and ends inside UTC days, so both are edge days: filtered, they are read
      // from the usage items filtered the same way (or the filter's counters less those items).
      const filtered = async (filter: string) =>
        (
          await app.request<UsageReply>('GET', `/api/usage?from=${today}&to=${today}&${filter}`, {
            token: user.idToken,
          })
        ).body.totals;
      expect(await filtered(`clientId=${clientId}&provider=openai`)).toMatchObject({
        jobs: 1,
        inputTokens: 1_000,
      });
      expect(await filtered('provider=openai')).toMatchObject({ jobs: 1, offlineJobs: 0 });
      expect(await filtered(`clientId=${clientId}`)).toMatchObject({ jobs: 1, inputTokens: 1_000 });
      expect(await filtered('provider=anthropic')).toMatchObject({ jobs: 0, inputTokens: 0 });
      expect(await filtered(`clientId=${clientId}&provider=offline`)).toMatchObject({ jobs: 0 });
    }
  });
});
