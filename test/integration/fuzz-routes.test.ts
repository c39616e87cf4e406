import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '#contract/routes';
import { LOCAL_NAMES } from '#local/bootstrap';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import {
  type Credential,
  casesFor,
  type FuzzCase,
  knownRequestFields,
  type RealIds,
  type RequestFields,
} from '#test/support/route-fuzz';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Thousands of generated malformed requests over every route of contract/routes.ts (hostile
 * ids, bodies, headers, encodings, methods and credentials; also bodies and queries with
 * every limited field just past its limit, which a schema's own check must not throw on) through the
 * local gateway. None may get a
 * 5xx, those that must be refused get a 4xx, and the table holds exactly the same data afterwards.
 */

const TOTAL = 2_100;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const PARALLEL = 8;

let app: TestRuntime;
let users: Record<'owner' | 'colleague' | 'stranger' | 'admin', TestUser>;
let realIds: RealIds;

beforeAll(async () => {
  app = await startTestRuntime();
  const [owner, colleague, stranger, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  users = { owner, colleague, stranger, admin };
  const token = owner.idToken;
  const client = await app.request<Client>('POST', '/api/clients', {
    token,
    body: { name: 'Fuzz Dental', city: 'Austin', website: 'https://example.com' },
  });
  expect(client.status).toBe(201);
  const clientId = client.body.id;
  const content = await app.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
    token,
    body: {
      title: 'Kept',
      content: 'Kept',
      html_content: '<p>Kept</p>',
      content_type: 'faq',
      metadata: { n: 1 },
    },
  });
  expect(content.status).toBe(201);
  const grant = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/access`, {
    token,
    body: { email: colleague.email },
  });
  expect(grant.status).toBe(201);
  const job = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
    token,
    body: { topic: 'Spring cleaning' },
  });
  expect(job.status).toBe(202);
  await finished(job.body.jobId, token);
  realIds = { clientId, contentId: content.body.id, accessId: grant.body.id, jobId: job.body.jobId };
  // First calls may create per-user rows; make them before the snapshot.
  for (const user of Object.values(users)) {
    await app.request('GET', '/api/me', { token: user.idToken });
    await app.request('GET', '/api/clients', { token: user.idToken });
    // The notifications list records the address and role a user signs in with
    // (docs/decisions.md, "Notifications").
    await app.request('GET', '/api/notifications', { token: user.idToken });
  }
});

afterAll(async () => {
  await app?.stop();
});

async function finished(jobId: string, token: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const reply = await app.request<{ status: string }>('GET', `/api/jobs/${jobId}`, { token });
    if (reply.body.status !== 'queued' && reply.body.status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/**
 * The review links' request budgets count every request, refused ones too (a flood of
 * malformed requests is what they are for), so their counters are not "a change".
 */
const COUNTERS = new Set(['reviewRateWindow']);

/** Every item of the table but request counters, in a stable order and form. */
async function tableSnapshot(): Promise<string[]> {
  const dynamodb = new DynamoDBClient({
    endpoint: app.runtime.endpoints.dynamodb,
    region: 'us-east-1',
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    },
  });
  const items: string[] = [];
  for await (const page of paginateScan({ client: dynamodb }, { TableName: LOCAL_NAMES.table })) {
    for (const item of page.Items ?? []) {
      if (COUNTERS.has(String(item.__edb_e__?.S))) continue;
      items.push(
        JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))),
      );
    }
  }
  dynamodb.destroy();
  return items.sort();
}

function authorization(credential: Credential): string | undefined {
  const owner = users.owner.idToken;
  const [header = '', payload = ''] = owner.split('.');
  switch (credential) {
    case 'none':
      return undefined;
    case 'garbage':
      return 'Bearer not-a-token';
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
    case 'unsigned-jwt': {
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      return `Bearer ${none}.${payload}.`;
    }
    case 'tampered-jwt': {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admins'] })).toString(
        'base64url',
      );
      return `Bearer ${header}.${forged}.${owner.split('.')[2] ?? ''}`;
    }
    case 'fake-api-key':
      return 'Bearer lbm_0000000000000000000000000000000000000000';
    case 'long-bearer':
      return `Bearer ${'a'.repeat(8_000)}`;
    default:
      return `Bearer ${users[credential].idToken}`;
  }
}

interface Outcome {
  readonly status: number | null;
  readonly error?: string;
}

// A fresh connection per request: a kept-alive socket the server has just closed would read as a failure.
const agent = new Agent({ keepAlive: false, maxSockets: PARALLEL });

function send(testCase: FuzzCase): Promise<Outcome> {
  const target = new URL(app.url);
  const auth = authorization(testCase.credential);
  const headers: Record<string, string> = { ...testCase.headers, ...(auth ? { authorization: auth } : {}) };
  // node:http frames a GET or DELETE body with neither length nor chunks: say its length, or the body
  // would be read as the next request on the connection.
  if (testCase.body !== undefined) headers['content-length'] = String(Buffer.byteLength(testCase.body));
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: testCase.method,
        path: testCase.path,
        headers,
        agent,
        timeout: 20_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? null }));
        response.on('error', (error) =>
          resolve({ status: response.statusCode ?? null, error: error.message }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', (error) => resolve({ status: null, error: error.message }));
    if (testCase.body !== undefined) outgoing.write(testCase.body);
    outgoing.end();
  });
}

function verdict(testCase: FuzzCase, outcome: Outcome): 'refused' | 'answered' | 'wrong' {
  if (outcome.status === null || outcome.status >= 500) return 'wrong';
  if (outcome.status >= 400) return 'refused';
  return testCase.mustRefuse ? 'wrong' : 'answered';
}

type Result = { testCase: FuzzCase; outcome: Outcome; verdict: ReturnType<typeof verdict> };

/**
 * One test per route (each within its own time on a busy machine, where 2,100 requests in one test
 * outgrew it), then one that checks the table over all of them.
 */
describe('route fuzz', () => {
  const perRoute = Math.ceil(TOTAL / httpRoutes.length);
  const results: Result[] = [];
  let fields: RequestFields;
  let before: string[];
  let seconds = 0;

  beforeAll(async () => {
    fields = await knownRequestFields(fileURLToPath(new URL('../../shared', import.meta.url)));
    before = await tableSnapshot();
  });

  it.each(httpRoutes.map((route, index) => [route.id, route, index] as const))(
    '%s answers its generated malformed requests with a 4xx (never a 5xx)',
    async (_id, route, index) => {
      const cases = casesFor(route, { count: perRoute, seed: SEED + index, realIds, fields });
      const started = performance.now();
      const routeResults: Result[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const testCase = cases[next];
          next += 1;
          if (!testCase) break;
          const outcome = await send(testCase);
          routeResults.push({ testCase, outcome, verdict: verdict(testCase, outcome) });
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      seconds += (performance.now() - started) / 1000;
      results.push(...routeResults);
      const report = routeResults
        .filter((result) => result.verdict === 'wrong')
        .slice(0, 20)
        .map(({ testCase, outcome }) => ({
          label: testCase.label,
          path: testCase.path.slice(0, 200),
          mustRefuse: testCase.mustRefuse,
          status: outcome.status,
          error: outcome.error,
          body: testCase.body?.slice(0, 200),
        }));
      expect(routeResults.length).toBe(cases.length);
      expect(report).toEqual([]);
    },
  );

  it(`tried ${TOTAL}+ requests over every route, and the table holds exactly what it held before`, async () => {
    const after = await tableSnapshot();
    const wrong = results.filter((result) => result.verdict === 'wrong');
    const refused = results.filter((result) => result.verdict === 'refused').length;
    const answered = results.filter((result) => result.verdict === 'answered').length;
    const routesHit = new Set(results.map((result) => result.testCase.route.id)).size;
    console.log(
      `route fuzz (seed ${SEED}): ${results.length} tried over ${routesHit} routes in ${seconds.toFixed(1)} s; ` +
        `${refused} refused correctly (4xx), ${answered} answered without a change (2xx/3xx where allowed), ` +
        `${wrong.length} wrong; table ${before.length} items before, ${after.length} after, ` +
        `${before.join() === after.join() ? 'unchanged' : 'CHANGED'}`,
    );
    if (process.env.FUZZ_DUMP) {
      const dump = [...wrong, ...results.filter((result) => result.verdict === 'answered')].map(
        ({ testCase, outcome }) => ({ ...testCase, route: testCase.route.id, outcome }),
      );
      writeFileSync(process.env.FUZZ_DUMP, JSON.stringify(dump, null, 1));
    }
    expect(results.length).toBeGreaterThanOrEqual(TOTAL);
    expect(routesHit).toBe(httpRoutes.length);
    expect(after.filter((item) => !before.includes(item))).toEqual([]);
    expect(before.filter((item) => !after.includes(item))).toEqual([]);
  });
});
