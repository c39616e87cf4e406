/**
 * docs/decisions.md, "Usage, cost, budgets and bulk runs": the usage page's query with 10,000 recorded jobs
 * this month. The jobs are written straight through the usage store (`putUsage`, `addToDay`, `addToOwnerDay`
 * and `addToProviderDays`, what settling a job writes), because 10,000 real jobs would take an hour; they are
 * spread over this month's days, 20 clients, 5 users, the text tools and a few models. Then GET /api/usage
 * (this month, as the page first asks) is timed through the gateway: for the admin (every job, from the
 * per-day counters), grouped by client and by model, and for members of staff who see the 20 clients, one of
 * them and none (those clients' day counters, and the dearest jobs from the month's cost index). p50 and p95
 * of BENCH_RUNS requests each (default 40) after a warm-up (goal: p95 at most 300 ms locally). With
 * BENCH_TIME_ZONE (default UTC) the agency counts its days in that zone: the parts of UTC days at the
 * period's edges are then read from the usage items (usage-report.ts).
 */
import { loadavg } from 'node:os';
import { addToDay, addToOwnerDay, addToProviderDays } from '#functions/usage/usage-days';
import type { UsageRecord } from '#functions/usage/usage-record';
import { putUsage } from '#functions/usage/usage-store';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';
import { seededUsageRecord } from '#test/support/usage-records';

const JOBS = 10_000;
const CLIENTS = 20;
const USERS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WRITERS = 16;
const TOOLS = ['newsletter', 'press-release', 'blog-rewrite', 'faq', 'client-content', 'social'] as const;
const MODELS = [
  { modelId: 'gpt-4o', provider: 'openai', input: 2.5, output: 10 },
  { modelId: 'gpt-4o-mini', provider: 'openai', input: 0.15, output: 0.6 },
  { modelId: 'claude-sonnet-4.1-20250514', provider: 'anthropic', input: 3, output: 15 },
] as const;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

/** Job `index` of the seed: its day this month, client, user, tool and model, and what it cost. */
function recordOf(
  index: number,
  clients: readonly { id: string; name: string }[],
  users: readonly TestUser[],
  now: Date,
): UsageRecord {
  const days = now.getUTCDate();
  const finished = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1 + (index % days), 8, 0, 0) + (index % 3_600) * 1_000,
  );
  const started = new Date(finished.getTime() - 20_000);
  const client = clients[index % clients.length] ?? null;
  const user = users[index % users.length];
  const model = MODELS[index % MODELS.length] ?? MODELS[0];
  const inputTokens = 800 + (index % 400);
  const outputTokens = 1_200 + (index % 900);
  if (!user) throw new Error('no user');
  return seededUsageRecord({
    user,
    client,
    started,
    tool: TOOLS[index % TOOLS.length] ?? 'newsletter',
    modelId: model.modelId,
    provider: model.provider,
    status: index % 50 === 0 ? 'failed' : 'succeeded',
    inputTokens,
    outputTokens,
    durationMs: 20_000,
    costMicroUsd: Math.round(inputTokens * model.input + outputTokens * model.output),
  });
}

async function seed(records: readonly UsageRecord[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let index = next++; index < records.length; index = next++) {
        const record = records[index];
        if (!record) continue;
        await putUsage(record);
        await addToDay(record);
        await addToOwnerDay(record);
        await addToProviderDays(record);
      }
    }),
  );
}

async function timeQuery(app: TestRuntime, token: string, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = -3; run < RUNS; run += 1) {
    const started = performance.now();
    const reply = await app.request<{ totals: { jobs: number } }>('GET', path, { token });
    const elapsed = performance.now() - started;
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
    if (run === -3) console.log(`  ${path}: ${reply.body.totals.jobs} jobs in the reply's totals`);
    if (run >= 0) times.push(elapsed);
  }
  return times;
}

export async function run(): Promise<void> {
  const app = await startTestRuntime({ env: { LOG_REQUESTS: 'false' } });
  try {
    const admin = await app.createUser(undefined, { admin: true });
    const users = [await app.createUser()];
    for (let index = 1; index < USERS; index += 1) users.push(await app.createUser());
    const staff = users[0];
    if (!staff) throw new Error('no staff user');
    const clients: { id: string; name: string }[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const name = `Usage Client ${index + 1}`;
      const created = await app.request<{ id: string }>('POST', '/api/clients', {
        token: staff.idToken,
        body: { name },
      });
      clients.push({ id: created.body.id, name });
    }
    // A colleague who sees one of the 20 clients (a twentieth of the jobs), and one who sees none: their
    // dearest jobs are the sparse searches of the month's cost index.
    const [oneClient, noClient] = [users[1], users[2]];
    if (!oneClient || !noClient || !clients[0]) throw new Error('no colleagues');
    const granted = await app.request('POST', `/api/clients/${clients[0].id}/access`, {
      token: staff.idToken,
      body: { email: oneClient.email },
    });
    if (granted.status >= 300) throw new Error(`granting a client answered ${granted.status}`);
    const now = new Date();
    const records = Array.from({ length: JOBS }, (_, index) => recordOf(index, clients, users, now));
    const seeding = performance.now();
    await seed(records);
    console.log(
      `seeded ${JOBS.toLocaleString('en-US')} jobs (${CLIENTS} clients, ${USERS} users, ${now.getUTCDate()} days) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    // The agency's zone, set before the usage function first reads it: BENCH_TIME_ZONE.
    const timeZone = process.env.BENCH_TIME_ZONE ?? 'UTC';
    const zoned = await app.request('PUT', '/api/settings', { token: admin.idToken, body: { timeZone } });
    if (zoned.status !== 200) throw new Error(`setting the zone answered ${zoned.status}`);
    console.log(`agency time zone: ${timeZone}`);
    console.log(`load before: ${load()}`);
    const cases: [string, string, string][] = [
      ['admin, by client', admin.idToken, '/api/usage'],
      ['admin, by model', admin.idToken, '/api/usage?groupBy=model'],
      ['staff (20 clients), by client', staff.idToken, '/api/usage'],
      ['staff (1 client of 20), by client', oneClient.idToken, '/api/usage'],
      ['staff (no client), by client', noClient.idToken, '/api/usage'],
      // The filters (one client's counters; one provider's counters).
      ['admin, one client', admin.idToken, `/api/usage?clientId=${clients[0].id}`],
      ['admin, provider anthropic', admin.idToken, '/api/usage?provider=anthropic'],
      ['staff (20 clients), provider openai', staff.idToken, '/api/usage?provider=openai'],
      ['staff (20 clients), one client', staff.idToken, `/api/usage?clientId=${clients[1]?.id ?? ''}`],
    ];
    for (const [name, token, path] of cases) {
      const times = await timeQuery(app, token, path);
      console.log(
        `${name}: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms (${RUNS} requests; goal p95 ≤ 300 ms)`,
      );
    }
    console.log(`load after: ${load()}`);
  } finally {
    await app.stop();
  }
}
