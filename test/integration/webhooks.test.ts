import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeAnthropicServer,
  startFakeAnthropicServer,
} from '#functions/providers/testing/fake-anthropic-server';
import {
  type FakeChannelPlatforms,
  fakeChannelAppSettings,
  startFakeChannelPlatforms,
} from '#functions/social/testing/fake-channel-platforms';
import type { CreatedApiKey } from '#shared/api-keys';
import type { CreatedWebhook, WebhookDelivery, Webhook as WebhookView } from '#shared/webhook-schemas';
import {
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  type WebhookPayload,
} from '#shared/webhooks';
import { connectThroughApi } from '#test/support/channel-connect';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Webhooks end to end through the local gateway, the jobs queue and the worker, to a receiver on
 * 127.0.0.1 (allowed with FETCH_ALLOW_HOSTS, as the tests' pages are): every delivery is verified with
 * the Standard Webhooks library itself, a receiver's 500 is tried again on the schedule's second step
 * (5 s), and the routes refuse what they must.
 */

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

let app: TestRuntime;
let owner: TestUser;
let admin: TestUser;
let channels: FakeChannelPlatforms;
/** A provider whose every reply reports a million input tokens: about $3 a job, to pass a budget's 80 %. */
let anthropic: FakeAnthropicServer;
let other: TestUser;
let ownerKey: string;
let receiver: Server;
let base = '';
const received: Received[] = [];
/** Per path: the statuses to answer, in turn (then 200). */
const answers = new Map<string, number[]>();
/** The documentation's receivers (frontend/src/features/documentation/examples), each on a port of its own. */
const receiverPorts = { javascript: 0, python: 0 };
const examples = new URL('../../frontend/src/features/documentation/examples/', import.meta.url);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = answers.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
  receiverPorts.javascript = await freePort();
  receiverPorts.python = await freePort();
  const allowed = [port, receiverPorts.javascript, receiverPorts.python].map((each) => `127.0.0.1:${each}`);
  channels = await startFakeChannelPlatforms();
  anthropic = await startFakeAnthropicServer({
    chunks: ['<h1>Loaves</h1>', '<p>Fresh every morning.</p>'],
    usage: { inputTokens: 1_000_000, outputTokens: 1_000 },
  });
  app = await startTestRuntime({
    env: {
      ...fakeChannelAppSettings(channels),
      FETCH_ALLOW_HOSTS: allowed.join(','),
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
    },
  });
  [owner, other, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const key = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: owner.idToken,
    body: { name: 'Webhooks' },
  });
  ownerKey = key.body.key;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await channels?.close();
  await anthropic?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

async function register(path: string, events: readonly string[], token = ownerKey): Promise<CreatedWebhook> {
  const created = await app.request<CreatedWebhook>('POST', '/api/webhooks', {
    token,
    body: { url: path.startsWith('http') ? path : `${base}${path}`, events },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Read with the sign-in token: polling with the key would spend its rate limit. */
async function deliveries(webhookId: string, token = owner.idToken): Promise<WebhookDelivery[]> {
  const listed = await app.request<{ deliveries: WebhookDelivery[] }>(
    'GET',
    `/api/webhooks/${webhookId}/deliveries`,
    { token },
  );
  expect(listed.status).toBe(200);
  return listed.body.deliveries;
}

async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The deliveries that reached a path, each checked with the endpoint's secret. */
function verifiedAt(path: string, secret: string): WebhookPayload[] {
  return received
    .filter((request) => request.path === path)
    .map((request) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      return new Webhook(secret).verify(request.body, headers) as WebhookPayload;
    });
}

describe('registering an endpoint', () => {
  it('answers the secret once, lists the endpoint without it, and is the owner’s alone', async () => {
    const created = await register('/owned', ['job.succeeded', 'review.decided']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: `${base}/owned`, events: ['job.succeeded', 'review.decided'] });
    expect(created.lastDelivery).toBeNull();

    const listed = await app.request<{ webhooks: WebhookView[] }>('GET', '/api/webhooks', {
      token: owner.idToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks.map((webhook) => webhook.webhookId)).toContain(created.webhookId);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);

    // Another user sees nothing of it, and can neither read, test nor delete it.
    const theirs = await app.request<{ webhooks: WebhookView[] }>('GET', '/api/webhooks', {
      token: other.idToken,
    });
    expect(theirs.body.webhooks).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/webhooks/${created.webhookId}/deliveries`],
      ['POST', `/api/webhooks/${created.webhookId}/test`],
      ['DELETE', `/api/webhooks/${created.webhookId}`],
    ] as const) {
      const refused = await app.request(method, path, { token: other.idToken });
      expect(refused.status, `${method} ${path}`).toBe(404);
    }
    const stillThere = await app.request<{ webhooks: WebhookView[] }>('GET', '/api/webhooks', {
      token: ownerKey,
    });
    expect(stillThere.body.webhooks.map((webhook) => webhook.webhookId)).toContain(created.webhookId);

    const deleted = await app.request('DELETE', `/api/webhooks/${created.webhookId}`, { token: ownerKey });
    expect(deleted.status).toBe(204);
    const gone = await app.request('GET', `/api/webhooks/${created.webhookId}/deliveries`, {
      token: ownerKey,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses a body that is wrong, naming the problem', async () => {
    const cases: [unknown, string, string][] = [
      [{ events: ['job.succeeded'] }, 'validation_failed', WEBHOOK_MESSAGES.urlRequired],
      [{ url: `${base}/x`, events: [] }, 'validation_failed', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: `${base}/x`, events: ['job.done'] }, 'validation_failed', 'must be one of job.succeeded'],
      [
        { url: `${base}/x`, events: ['job.failed', 'job.failed'] },
        'validation_failed',
        'An event is listed twice',
      ],
      [{ url: 'not a url', events: ['job.failed'] }, 'invalid_url', WEBHOOK_MESSAGES.httpsRequired],
      [
        { url: 'http://example.com/hook', events: ['job.failed'] },
        'invalid_url',
        WEBHOOK_MESSAGES.httpsRequired,
      ],
      [{ url: 'https://10.0.0.7/hook', events: ['job.failed'] }, 'unsafe_url', 'private'],
      [{ url: 'https://169.254.169.254/latest', events: ['job.failed'] }, 'unsafe_url', ''],
    ];
    for (const [body, code, message] of cases) {
      const refused = await app.request('POST', '/api/webhooks', { token: ownerKey, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error?.code, JSON.stringify(body)).toBe(code);
      expect(refused.body.error?.message, JSON.stringify(body)).toContain(message);
    }
  });

  it(`keeps at most ${MAX_WEBHOOKS_PER_USER} endpoints a user`, async () => {
    const user = await app.createUser();
    for (let index = 0; index < MAX_WEBHOOKS_PER_USER; index += 1) {
      await register(`/many/${index}`, ['job.failed'], user.idToken);
    }
    const refused = await app.request('POST', '/api/webhooks', {
      token: user.idToken,
      body: { url: `${base}/many/extra`, events: ['job.failed'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'too_many_webhooks', message: WEBHOOK_MESSAGES.tooMany });
  });
});

describe('deliveries', () => {
  it('signs a test event as Standard Webhooks says, and records it on the delivery and the endpoint', async () => {
    const endpoint = await register('/test-event', ['batch.finished']);
    const sent = await app.request<WebhookDelivery>('POST', `/api/webhooks/${endpoint.webhookId}/test`, {
      token: ownerKey,
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 });
    expect(sent.body.deliveryId).toMatch(/^msg_/);

    const [payload] = await waitFor(() => {
      const found = verifiedAt('/test-event', endpoint.secret);
      return found.length > 0 ? found : undefined;
    });
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhookId: endpoint.webhookId } });
    const request = received.find((entry) => entry.path === '/test-event');
    expect(request?.headers['webhook-id']).toBe(sent.body.deliveryId);
    expect(request?.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    const other = await register('/elsewhere', ['job.failed']);
    expect(() => verifiedAt('/test-event', other.secret)).toThrow();

    const [delivery] = await waitFor(async () => {
      const list = await deliveries(endpoint.webhookId);
      return list[0]?.status === 'succeeded' ? list : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: 200, error: null, nextAttemptAt: null });
    const listed = await app.request<{ webhooks: WebhookView[] }>('GET', '/api/webhooks', {
      token: ownerKey,
    });
    const view = listed.body.webhooks.find((webhook) => webhook.webhookId === endpoint.webhookId);
    expect(view?.lastDelivery).toMatchObject({ status: 'succeeded', responseStatus: 200 });
  });

  it('tries a 500 again on the schedule, with the same id, and a redelivery sends it once more', async () => {
    answers.set('/flaky', [500]);
    const endpoint = await register('/flaky', ['job.failed']);
    const sent = await app.request<WebhookDelivery>('POST', `/api/webhooks/${endpoint.webhookId}/test`, {
      token: ownerKey,
    });
    const failedOnce = await waitFor(async () => {
      const [delivery] = await deliveries(endpoint.webhookId);
      return delivery?.attempts === 1 ? delivery : undefined;
    });
    expect(failedOnce).toMatchObject({
      status: 'pending',
      responseStatus: 500,
      error: 'The endpoint answered HTTP 500',
    });
    const firstAt = Date.parse(failedOnce.lastAttemptAt ?? '');
    expect(Date.parse(failedOnce.nextAttemptAt ?? '') - firstAt).toBe(
      WEBHOOK_RETRY_SCHEDULE_SECONDS[1] * 1000,
    );

    const succeeded = await waitFor(async () => {
      const [delivery] = await deliveries(endpoint.webhookId);
      return delivery?.status === 'succeeded' ? delivery : undefined;
    });
    expect(succeeded).toMatchObject({ attempts: 2, responseStatus: 200, error: null });
    const attempts = received.filter((entry) => entry.path === '/flaky');
    expect(attempts.map((entry) => entry.headers['webhook-id'])).toEqual([
      sent.body.deliveryId,
      sent.body.deliveryId,
    ]);
    // The second attempt waited the schedule's 5 s (give or take the worker's poll).
    const gap = (attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(WEBHOOK_RETRY_SCHEDULE_SECONDS[1] * 1000 - 1000);
    expect(verifiedAt('/flaky', endpoint.secret)).toHaveLength(2);

    const again = await app.request<WebhookDelivery>(
      'POST',
      `/api/webhooks/${endpoint.webhookId}/deliveries/${sent.body.deliveryId}/redeliver`,
      { token: ownerKey },
    );
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ deliveryId: sent.body.deliveryId, status: 'pending' });
    await waitFor(() =>
      received.filter((entry) => entry.path === '/flaky').length === 3 ? true : undefined,
    );
    const redelivered = await waitFor(async () => {
      const [delivery] = await deliveries(endpoint.webhookId);
      return delivery?.status === 'succeeded' && delivery.attempts === 3 ? delivery : undefined;
    });
    expect(redelivered.responseStatus).toBe(200);
    const unknown = await app.request(
      'POST',
      `/api/webhooks/${endpoint.webhookId}/deliveries/msg_nothing/redeliver`,
      { token: ownerKey },
    );
    expect(unknown.status).toBe(404);
  }, 60_000);

  it('tells an endpoint of the events it listens for: a job that succeeded and one that failed', async () => {
    const endpoint = await register('/jobs', ['job.succeeded', 'job.failed']);
    const quiet = await register('/quiet', ['review.commented']);
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: ownerKey,
      body: { topic: 'Spring dental care tips', inputType: 'topic' },
    });
    expect(queued.status).toBe(202);
    const failing = await app.request<{ jobId: string }>('POST', '/api/rewrite-blog', {
      token: ownerKey,
      body: { url: 'https://no-such-blog.invalid/post' },
    });
    expect(failing.status, JSON.stringify(failing.body)).toBe(202);

    const payloads = await waitFor(() => {
      const found = verifiedAt('/jobs', endpoint.secret);
      return found.length >= 2 ? found : undefined;
    }, 60_000);
    const succeeded = payloads.find((payload) => payload.type === 'job.succeeded');
    expect(succeeded?.data).toEqual({
      jobId: queued.body.jobId,
      tool: 'newsletter',
      clientId: null,
      contentId: null,
      batchId: null,
      statusUrl: `/api/jobs/${queued.body.jobId}`,
    });
    const failed = payloads.find((payload) => payload.type === 'job.failed');
    expect(failed?.data).toMatchObject({
      jobId: failing.body.jobId,
      tool: 'blog-rewrite',
      error: expect.stringContaining('no-such-blog.invalid'),
    });
    // Its job's status answers the same key.
    const status = await app.request<{ status: string }>('GET', `/api/jobs/${queued.body.jobId}`, {
      token: ownerKey,
    });
    expect(status.body.status, JSON.stringify(status.body)).toBe('succeeded');
    expect(verifiedAt('/quiet', quiet.secret)).toEqual([]);
  }, 90_000);
});

describe('the other events', () => {
  it('tells of a batch that finished and of a client’s comment and approval through a review link', async () => {
    const endpoint = await register('/loop', ['batch.finished', 'review.commented', 'review.decided']);
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Webhook Bakery' },
    });
    const batch = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: owner.idToken,
      body: {
        rows: [1, 2].map((index) => ({
          tool: 'faq',
          client: 'Webhook Bakery',
          topic: `Bread ${index}`,
          questions: 7,
          // Offline (no OpenAI key here): the Anthropic stand-in answers for the budget test's newsletter.
          model: 'gpt-4o-mini',
        })),
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);

    const item = await app.request<{ id: string }>('POST', `/api/clients/${client.body.id}/content`, {
      token: owner.idToken,
      body: {
        title: 'Winter loaves',
        content: 'Rye',
        html_content: '<p>Rye</p>',
        content_type: 'newsletter',
      },
    });
    const review = await app.request<{ reviewUrl: string }>(
      'POST',
      `/api/clients/${client.body.id}/content/${item.body.id}/reviews`,
      { token: owner.idToken, body: { reviewerName: 'Rosa Client' } },
    );
    const token = new URL(review.body.reviewUrl).pathname.split('/').at(-1) ?? '';
    const page = await app.request<{ versionId: string }>('GET', `/api/reviews/${token}`, {
      headers: { 'x-forwarded-for': '192.0.2.91' },
    });
    const commented = await app.request('POST', `/api/reviews/${token}/comments`, {
      body: { text: 'Lovely, more seeds please' },
      headers: { 'x-forwarded-for': '192.0.2.91' },
    });
    expect(commented.status).toBe(201);
    const decided = await app.request('POST', `/api/reviews/${token}/decision`, {
      body: { decision: 'approve', versionId: page.body.versionId },
      headers: { 'x-forwarded-for': '192.0.2.91' },
    });
    expect(decided.status).toBe(200);

    const payloads = await waitFor(() => {
      const found = verifiedAt('/loop', endpoint.secret);
      return found.length >= 3 ? found : undefined;
    }, 60_000);
    const byType = new Map(payloads.map((payload) => [payload.type, payload.data]));
    expect(byType.get('batch.finished')).toEqual({
      batchId: batch.body.batchId,
      status: 'finished',
      succeeded: 2,
      failed: 0,
      cancelled: 0,
    });
    const item_ = { clientId: client.body.id, contentId: item.body.id, title: 'Winter loaves' };
    expect(byType.get('review.commented')).toEqual({
      ...item_,
      author: 'Rosa Client',
      comment: 'Lovely, more seeds please',
    });
    expect(byType.get('review.decided')).toEqual({
      ...item_,
      reviewer: 'Rosa Client',
      decision: 'approved',
      comment: '',
    });
    // Announced once, whatever settles after.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(
      verifiedAt('/loop', endpoint.secret).filter((payload) => payload.type === 'batch.finished'),
    ).toHaveLength(1);
  }, 90_000);
});

describe('the documentation’s receivers', () => {
  it.each([
    ['javascript', process.execPath, 'webhook-receiver.mjs'],
    ['python', 'python3', 'webhook_receiver.py'],
  ] as const)(
    'the %s receiver verifies a real delivery and refuses a forged one',
    async (language, command, file) => {
      const port = receiverPorts[language];
      const endpoint = await register(`http://127.0.0.1:${port}/lbm`, ['job.succeeded']);
      let output = '';
      const child: ChildProcess = spawn(command, [fileURLToPath(new URL(file, examples))], {
        env: { ...process.env, LBM_WEBHOOK_SECRET: endpoint.secret, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      try {
        await waitFor(() => (output.includes(`Listening on port ${port}`) ? true : undefined), 15_000);
        const sent = await app.request<WebhookDelivery>('POST', `/api/webhooks/${endpoint.webhookId}/test`, {
          token: owner.idToken,
        });
        await waitFor(() =>
          output.includes(`Verified webhook.test ${sent.body.deliveryId}`) ? true : undefined,
        );
        const [delivery] = await waitFor(async () => {
          const list = await deliveries(endpoint.webhookId);
          return list[0]?.status === 'succeeded' ? list : undefined;
        });
        expect(delivery?.responseStatus).toBe(204);

        // A body signed with another secret, or changed after signing, is refused.
        const at = new Date();
        const body = JSON.stringify({ type: 'job.succeeded', timestamp: at.toISOString(), data: {} });
        const forged = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sign(
          'msg_forged',
          at,
          body,
        );
        const refused = await fetch(`http://127.0.0.1:${port}/lbm`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'msg_forged',
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': forged,
          },
          body,
        });
        expect(refused.status).toBe(401);
        expect(output).not.toContain('msg_forged');
      } finally {
        child.kill();
      }
    },
    60_000,
  );
});

describe('publishing and budgets', () => {
  it('tells of an item published to a channel, and of a job that took its client past 80 % of its budget', async () => {
    const endpoint = await register('/money', ['content.published', 'budget.warning']);
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Published Bakery' },
    });
    const clientId = client.body.id;
    const connection = await connectThroughApi({
      appUrl: app.url,
      token: owner.idToken,
      clientId,
      platform: 'x',
    });
    const item = await app.request<{ id: string }>('POST', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
      body: { title: 'Fresh bread', content: 'Fresh bread today', content_type: 'client_content' },
    });
    const post = await app.request('POST', `/api/clients/${clientId}/content/${item.body.id}/publications`, {
      token: owner.idToken,
      body: { connectionId: connection.connectionId, text: 'Fresh bread today' },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);

    // A budget of $3.50 and a job of about $3: past the warning line, under the limit.
    const budget = await app.request('PUT', `/api/clients/${clientId}/budget`, {
      token: admin.idToken,
      body: { monthlyUsd: 3.5 },
    });
    expect(budget.status, JSON.stringify(budget.body)).toBe(200);
    const job = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: owner.idToken,
      body: { topic: 'Loaves', clientId, model: 'claude-sonnet-4.1-20250514' },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(202);

    const payloads = await waitFor(() => {
      const found = verifiedAt('/money', endpoint.secret);
      return found.length >= 2 ? found : undefined;
    }, 60_000);
    const byType = new Map(payloads.map((payload) => [payload.type, payload.data]));
    expect(byType.get('content.published')).toMatchObject({
      clientId,
      contentId: item.body.id,
      destination: 'x',
      url: expect.stringMatching(/^https?:\/\//),
    });
    expect(byType.get('budget.warning')).toMatchObject({
      clientId,
      budgetUsd: 3.5,
      percent: expect.any(Number),
    });
    const warning = byType.get('budget.warning') as { percent: number };
    expect(warning.percent).toBeGreaterThanOrEqual(80);
    expect(warning.percent).toBeLessThan(100);
  }, 90_000);
});
