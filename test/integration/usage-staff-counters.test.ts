import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '#functions/data/entities';
import {
  BACKFILL_MARKER_KEY,
  USAGE_RECORDED_SINCE,
  type UsageBackfillCounts,
} from '#functions/usage/usage-backfill';
import { addToDay, addToOwnerDay, addToProviderDays } from '#functions/usage/usage-days';
import type { UsageRecord } from '#functions/usage/usage-record';
import { putUsage } from '#functions/usage/usage-store';
import {
  TOP_JOBS,
  USAGE_GROUP_BYS,
  USAGE_MESSAGES,
  type UsageGroupBy,
  type UsageJob,
  type UsageReply,
} from '#shared/usage';
import { dayOf } from '#shared/usage-dates';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { seededUsageRecord } from '#test/support/usage-records';

/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": staff's usage figures come from their clients' day
 * counters (and their own no-client counters), not from their usage items. These checks compare the reply
 * with the same figures added up from the usage items GET /api/usage/jobs lists (what the page showed
 * before), over a mixed data set: clients the member of staff owns, a client shared with them, a stranger's
 * client, jobs without a client of theirs and of someone else, two months, failed jobs, images and speech,
 * offline jobs (their token estimates shown apart, never in the billed tokens), jobs whose usage is an
 * estimate after a crash. The client and provider filters are checked the same way: against the listed items
 * of the same filter and against the unfiltered items filtered here.
 *
 * Then the fill of the counters for the jobs settled before the settle step wrote them
 * (functions/usage/usage-backfill.ts), run as the runtime runs it: the function in its own thread, with
 * its own role's grants enforced.
 */

let app: TestRuntime;
let staff: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let admin: TestUser;
const clients: Record<'own' | 'shared' | 'strangers', { id: string; name: string }> = {
  own: { id: '', name: 'Harbor Dental' },
  shared: { id: '', name: 'Summit Bakery' },
  strangers: { id: '', name: 'Elsewhere Inc' },
};
const records: UsageRecord[] = [];
let from: string;
let to: string;

const TOOLS = ['newsletter', 'faq', 'image', 'podcast'] as const;
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4.1-20250514'] as const;

function recordOf(index: number, user: TestUser, client: { id: string; name: string } | null, started: Date) {
  const tool = TOOLS[index % TOOLS.length] ?? 'faq';
  // Some of the main data set's jobs are the offline composer's, at no cost; the earlier jobs of the
  // fill below are all paid, so an admin's figures do not move when the fill counts them.
  const offline = index < 1_000 && index % 5 === 2;
  const record = seededUsageRecord({
    user,
    client,
    started,
    tool,
    modelId: MODELS[index % MODELS.length] ?? 'gpt-4o',
    provider: offline ? 'offline' : 'openai',
    status: index % 7 === 0 ? 'failed' : 'succeeded',
    inputTokens: 100 + index * 13,
    outputTokens: 200 + index * 7,
    reasoningTokens: index % 3 === 0 ? 50 : 0,
    images: tool === 'image' ? 1 + (index % 2) : 0,
    speechCharacters: tool === 'podcast' ? 900 : 0,
    speechSeconds: tool === 'podcast' ? 61.3 + index : 0,
    durationMs: 5_000,
    costMicroUsd: offline ? 0 : 1_000 + ((index * 7_919) % 50_000),
  });
  return { ...record, estimated: !offline && index % 11 === 3 };
}

const SEED_CONCURRENCY = 8;

/** What settling a job writes to the usage store (settle-job.ts), in the same order. */
async function record(usage: UsageRecord): Promise<void> {
  await putUsage(usage);
  await addToDay(usage);
  await addToOwnerDay(usage);
  await addToProviderDays(usage);
}

beforeAll(async () => {
  app = await startTestRuntime();
  [staff, colleague, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const create = async (user: TestUser, name: string) => {
    const created = await app.request<{ id: string }>('POST', '/api/clients', {
      token: user.idToken,
      body: { name },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  clients.own.id = await create(staff, clients.own.name);
  clients.shared.id = await create(colleague, clients.shared.name);
  clients.strangers.id = await create(stranger, clients.strangers.name);
  const shared = await app.request('POST', `/api/clients/${clients.shared.id}/access`, {
    token: colleague.idToken,
    body: { email: staff.email },
  });
  expect(shared.status).toBeLessThan(300);

  // Two months: from the first of last month up to today (jobs at least an hour before now).
  const now = new Date();
  const firstOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  from = dayOf(firstOfLastMonth);
  to = dayOf(now);
  const span = now.getTime() - 3_600_000 - firstOfLastMonth.getTime();
  const who: [TestUser, { id: string; name: string } | null][] = [
    [staff, clients.own],
    [colleague, clients.own],
    [colleague, clients.shared],
    [staff, clients.shared],
    [stranger, clients.strangers],
    [staff, null],
    [colleague, null],
    [stranger, null],
  ];
  for (let index = 0; index < 120; index += 1) {
    const [user, client] = who[index % who.length] ?? [staff, null];
    const started = new Date(firstOfLastMonth.getTime() + Math.floor((span * index) / 120) + index);
    records.push(recordOf(index, user, client, started));
  }
  // A few jobs at a time, as several workers settle them: five writes each, slow on a loaded machine.
  for (let start = 0; start < records.length; start += SEED_CONCURRENCY) {
    await Promise.all(records.slice(start, start + SEED_CONCURRENCY).map(record));
  }
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

async function usage(token: string, query: string): Promise<UsageReply> {
  const reply = await app.request<UsageReply>('GET', `/api/usage?${query}`, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The jobs the usage items hold for the caller in the period (GET /api/usage/jobs reads the items). */
async function listedJobs(token: string, period: string): Promise<UsageJob[]> {
  const page = await app.request<{ rows: UsageJob[]; next_cursor: string | null }>(
    'GET',
    `/api/usage/jobs?${period}&limit=1000`,
    { token },
  );
  expect(page.status).toBe(200);
  expect(page.body.next_cursor).toBeNull();
  return page.body.rows;
}

const micro = (usd: number) => Math.round(usd * 1_000_000);

interface Figures {
  jobs: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  images: number;
  speechTenths: number;
  costMicroUsd: number;
  offlineJobs: number;
  offlineTokens: number;
  estimatedJobs: number;
}

/** The figures of some jobs: the tokens a provider billed, the offline composer's apart. */
function figuresOf(jobs: readonly UsageJob[]): Figures {
  const billed = jobs.filter((job) => job.provider !== 'offline');
  const offline = jobs.filter((job) => job.provider === 'offline');
  return {
    jobs: jobs.length,
    inputTokens: billed.reduce((sum, job) => sum + job.inputTokens, 0),
    outputTokens: billed.reduce((sum, job) => sum + job.outputTokens, 0),
    reasoningTokens: billed.reduce((sum, job) => sum + job.reasoningTokens, 0),
    images: jobs.reduce((sum, job) => sum + job.images, 0),
    speechTenths: Math.round(jobs.reduce((sum, job) => sum + job.speechSeconds, 0) * 10),
    costMicroUsd: jobs.reduce((sum, job) => sum + micro(job.costUsd), 0),
    offlineJobs: offline.length,
    offlineTokens: offline.reduce((sum, job) => sum + job.inputTokens + job.outputTokens, 0),
    estimatedJobs: jobs.filter((job) => job.estimated).length,
  };
}

function figuresOfRow(row: UsageReply['totals']): Figures {
  return {
    jobs: row.jobs,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    reasoningTokens: row.reasoningTokens,
    images: row.images,
    speechTenths: Math.round(row.speechSeconds * 10),
    costMicroUsd: micro(row.costUsd),
    offlineJobs: row.offlineJobs,
    offlineTokens: row.offlineTokens,
    estimatedJobs: row.estimatedJobs,
  };
}

function groupKeyOf(job: UsageJob, groupBy: UsageGroupBy): string {
  switch (groupBy) {
    case 'client':
      return job.clientId ?? '-';
    case 'user':
      return job.userId;
    case 'tool':
      return job.tool;
    case 'model':
      return job.modelId;
    case 'provider':
      return job.provider;
  }
}

/** The reply's figures against the same figures added up from the listed usage items. */
function expectSameFigures(reply: UsageReply, jobs: readonly UsageJob[], groupBy: UsageGroupBy): void {
  expect(figuresOfRow(reply.totals)).toEqual(figuresOf(jobs));
  const groups = new Map<string, UsageJob[]>();
  for (const job of jobs)
    groups.set(groupKeyOf(job, groupBy), [...(groups.get(groupKeyOf(job, groupBy)) ?? []), job]);
  expect(Object.fromEntries(reply.rows.map((row) => [row.key, figuresOfRow(row)]))).toEqual(
    Object.fromEntries([...groups].map(([key, members]) => [key, figuresOf(members)])),
  );
  for (const day of reply.days) {
    const ofDay = jobs.filter((job) => job.startedAt.slice(0, 10) === day.day);
    expect({ day: day.day, jobs: day.jobs, cost: micro(day.costUsd) }).toEqual({
      day: day.day,
      jobs: ofDay.length,
      cost: figuresOf(ofDay).costMicroUsd,
    });
  }
  const dearest = [...jobs]
    .sort((a, b) => b.costUsd - a.costUsd || (a.jobId < b.jobId ? 1 : -1))
    .slice(0, TOP_JOBS)
    .map((job) => job.jobId);
  expect(reply.topJobs.map((job) => job.jobId)).toEqual(dearest);
}

describe("staff's usage from the counters of the clients they see", () => {
  it('equals the figures of their usage items, whatever the grouping, over two months and within one', async () => {
    const lastMonthDay = (day: number) => `${from.slice(0, 8)}${String(day).padStart(2, '0')}`;
    for (const period of [`from=${from}&to=${to}`, `from=${lastMonthDay(10)}&to=${lastMonthDay(20)}`]) {
      const jobs = await listedJobs(staff.idToken, period);
      // The data set is what the member of staff sees, nothing more: no stranger's, no colleague's own.
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(
          job.clientId === null ? job.userId === staff.userId : job.clientId !== clients.strangers.id,
        ).toBe(true);
      }
      for (const groupBy of USAGE_GROUP_BYS) {
        const reply = await usage(staff.idToken, `${period}&groupBy=${groupBy}`);
        expect(reply.scope).toBe('visible');
        expectSameFigures(reply, jobs, groupBy);
      }
    }
  });

  it('labels the clients and the jobs without a client', async () => {
    const reply = await usage(staff.idToken, `from=${from}&to=${to}&groupBy=client`);
    expect(reply.rows.map((row) => row.label).sort()).toEqual(
      [clients.own.name, clients.shared.name, USAGE_MESSAGES.noClient].sort(),
    );
  });

  it('keeps offline token estimates out of the billed tokens, and shows them apart', async () => {
    const period = `from=${from}&to=${to}`;
    const jobs = await listedJobs(staff.idToken, period);
    const offline = jobs.filter((job) => job.provider === 'offline');
    expect(offline.length).toBeGreaterThan(0);
    expect(offline.every((job) => job.inputTokens > 0 && job.costUsd === 0)).toBe(true);
    const reply = await usage(staff.idToken, period);
    const everyToken = jobs.reduce((sum, job) => sum + job.inputTokens, 0);
    const offlineInput = offline.reduce((sum, job) => sum + job.inputTokens, 0);
    expect(reply.totals.inputTokens).toBe(everyToken - offlineInput);
    expect(reply.totals.offlineJobs).toBe(offline.length);
    expect(reply.totals.estimatedJobs).toBeGreaterThan(0);
  });

  it('filters by client and by provider, for staff and for an admin, as the items of the same filter', async () => {
    const period = `from=${from}&to=${to}`;
    for (const caller of [staff, admin]) {
      const everyJob = await listedJobs(caller.idToken, period);
      const filters: [string, (job: UsageJob) => boolean][] = [
        [`clientId=${clients.own.id}`, (job) => job.clientId === clients.own.id],
        [`clientId=${clients.shared.id}`, (job) => job.clientId === clients.shared.id],
        ['provider=offline', (job) => job.provider === 'offline'],
        ['provider=openai', (job) => job.provider === 'openai'],
        [
          `clientId=${clients.own.id}&provider=offline`,
          (job) => job.clientId === clients.own.id && job.provider === 'offline',
        ],
        ['provider=anthropic', () => false],
      ];
      for (const [filter, keep] of filters) {
        const jobs = await listedJobs(caller.idToken, `${period}&${filter}`);
        expect(
          jobs.map((job) => job.jobId),
          filter,
        ).toEqual(everyJob.filter(keep).map((job) => job.jobId));
        for (const groupBy of USAGE_GROUP_BYS) {
          const reply = await usage(caller.idToken, `${period}&${filter}&groupBy=${groupBy}`);
          expectSameFigures(reply, jobs, groupBy);
        }
      }
    }
    // The offline filter's tokens are all estimates: none billed.
    const offline = await usage(admin.idToken, `${period}&provider=offline`);
    expect(offline.totals.inputTokens).toBe(0);
    expect(offline.totals.offlineTokens).toBeGreaterThan(0);
    expect(offline.provider).toBe('offline');
  });

  it('answers 404 for a client the caller cannot see, and 400 naming an unknown provider', async () => {
    const period = `from=${from}&to=${to}`;
    for (const path of ['/api/usage', '/api/usage/jobs']) {
      const hidden = await app.request<{ error: string }>(
        'GET',
        `${path}?${period}&clientId=${clients.strangers.id}`,
        { token: staff.idToken },
      );
      expect(hidden.status, path).toBe(404);
      const missing = await app.request('GET', `${path}?${period}&clientId=no-such-client`, {
        token: admin.idToken,
      });
      expect(missing.status, path).toBe(404);
      const provider = await app.request<{ error: string }>('GET', `${path}?${period}&provider=acme`, {
        token: admin.idToken,
      });
      expect(provider.status, path).toBe(400);
      expect(JSON.stringify(provider.body), path).toContain('provider');
    }
    const seen = await usage(admin.idToken, `${period}&clientId=${clients.strangers.id}`);
    expect(seen.totals.jobs).toBeGreaterThan(0);
  });

  it('counts a job settled twice once, in the days and in the client counters', async () => {
    const period = `from=${from}&to=${to}`;
    const [staffBefore, adminBefore] = await Promise.all([
      usage(staff.idToken, period),
      usage(admin.idToken, period),
    ]);
    // A settle retried after a crash writes the same job again: one with a client, one without.
    const withClient = records.find((usage) => usage.clientId === clients.own.id);
    const withoutClient = records.find((usage) => usage.clientId === null && usage.userId === staff.userId);
    if (!withClient || !withoutClient) throw new Error('the data set lacks the jobs to settle again');
    for (const usage of [withClient, withoutClient]) {
      await record(usage);
      await record(usage);
    }
    const [staffAfter, adminAfter] = await Promise.all([
      usage(staff.idToken, period),
      usage(admin.idToken, period),
    ]);
    expect(staffAfter.totals).toEqual(staffBefore.totals);
    expect(staffAfter.rows).toEqual(staffBefore.rows);
    expect(staffAfter.days).toEqual(staffBefore.days);
    expect(adminAfter.totals).toEqual(adminBefore.totals);
    expect(adminAfter.days).toEqual(adminBefore.days);
  });
});

/** What settling a job wrote before the client counters existed: the usage item and the day's counters. */
async function recordAsBefore(usage: UsageRecord): Promise<void> {
  await putUsage(usage);
  await addToDay(usage);
}

async function fillMarker(): Promise<Record<string, unknown> | undefined> {
  const { table } = entities();
  const { Item } = await table
    .getDocumentClient()
    .send(new GetCommand({ TableName: table.getName(), Key: BACKFILL_MARKER_KEY, ConsistentRead: true }));
  return Item;
}

/** A data folder of a version before the fill has no marker of a completed fill. */
async function forgetTheFill(): Promise<void> {
  const { table } = entities();
  await table
    .getDocumentClient()
    .send(new DeleteCommand({ TableName: table.getName(), Key: BACKFILL_MARKER_KEY }));
}

const runTheFill = () => app.runtime.functions.invoke<UsageBackfillCounts>('UsageBackfill', {});

describe('the fill of the client counters for jobs settled before them', () => {
  const earlier: UsageRecord[] = [];

  beforeAll(async () => {
    // Within the last two days, so their months are walked whatever today is (never before the first
    // month that recorded usage).
    const now = Date.now();
    const who: [TestUser, { id: string; name: string } | null][] = [
      [staff, clients.own],
      [colleague, clients.shared],
      [staff, null],
      [stranger, clients.strangers],
      [colleague, null],
    ];
    for (let index = 0; index < 40; index += 1) {
      const [user, client] = who[index % who.length] ?? [staff, null];
      earlier.push(recordOf(1_000 + index, user, client, new Date(now - 7_200_000 - index * 3_600_000)));
    }
    for (const usage of earlier) await recordAsBefore(usage);
  }, 60_000);

  it("leaves staff's figures short until it runs, then equals their usage items; the admin's do not move", async () => {
    const period = `from=${from}&to=${to}`;
    const adminBefore = await usage(admin.idToken, `${period}&groupBy=client`);
    // The provider counters of the earlier jobs are the fill's too: an admin's provider filter is short.
    const openaiJobs = await listedJobs(admin.idToken, `${period}&provider=openai`);
    const openaiShort = await usage(admin.idToken, `${period}&provider=openai`);
    expect(openaiShort.totals.jobs).toBe(openaiJobs.length - earlier.length);
    const jobs = await listedJobs(staff.idToken, period);
    const short = await usage(staff.idToken, `${period}&groupBy=client`);
    const visibleEarlier = jobs.filter((job) => earlier.some((usage) => usage.jobId === job.jobId));
    expect(visibleEarlier.length).toBeGreaterThan(0);
    expect(short.totals.jobs).toBe(jobs.length - visibleEarlier.length);

    // The runtime's start made the table, so it recorded the fill as done without a walk.
    expect(await fillMarker()).toMatchObject({ jobsRead: 0 });
    await forgetTheFill();
    const counts = await runTheFill();
    const walked = [...records, ...earlier].filter((usage) => usage.month >= USAGE_RECORDED_SINCE);
    expect(counts).toEqual({ read: walked.length, failed: 0, alreadyDone: false });

    for (const groupBy of USAGE_GROUP_BYS) {
      expectSameFigures(await usage(staff.idToken, `${period}&groupBy=${groupBy}`), jobs, groupBy);
    }
    const adminAfter = await usage(admin.idToken, `${period}&groupBy=client`);
    expect(adminAfter.totals).toEqual(adminBefore.totals);
    expect(adminAfter.rows).toEqual(adminBefore.rows);
    for (const groupBy of USAGE_GROUP_BYS) {
      expectSameFigures(
        await usage(admin.idToken, `${period}&provider=openai&groupBy=${groupBy}`),
        openaiJobs,
        groupBy,
      );
    }
  });

  it('returns at once after a complete walk, and counts nothing twice when it walks again', async () => {
    const period = `from=${from}&to=${to}&groupBy=user`;
    const before = await usage(staff.idToken, period);
    expect(await runTheFill()).toEqual({ read: 0, failed: 0, alreadyDone: true });
    await forgetTheFill();
    const again = await runTheFill();
    expect(again.alreadyDone).toBe(false);
    expect(again.read).toBeGreaterThan(0);
    const after = await usage(staff.idToken, period);
    expect(after.totals).toEqual(before.totals);
    expect(after.rows).toEqual(before.rows);
    expect(after.days).toEqual(before.days);
  });
});
