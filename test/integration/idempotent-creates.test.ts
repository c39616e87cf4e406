import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_NAMES } from '#local/bootstrap';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Idempotency-Key on the POSTs that create something (functions/idempotency/idempotent-handler.ts): a
 * retried request answers the first reply and creates nothing more; a failed one frees its key. A reply
 * that holds a secret shown once is replayed whole, and kept sealed, never in the clear.
 */

let app: TestRuntime;
let owner: TestUser;

/** Where the webhooks below point: plain http is allowed for it only, and nothing listens there. */
const RECEIVER = '127.0.0.1:9';

beforeAll(async () => {
  app = await startTestRuntime({ env: { FETCH_ALLOW_HOSTS: RECEIVER } });
  owner = await app.createUser();
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

/** Every item of the table, as stored, in one string. */
async function tableText(): Promise<string> {
  const dynamodb = new DynamoDBClient({
    endpoint: app.runtime.endpoints.dynamodb,
    region: 'us-east-1',
    credentials: app.runtime.credentials,
  });
  const items: unknown[] = [];
  for await (const page of paginateScan({ client: dynamodb }, { TableName: LOCAL_NAMES.table })) {
    items.push(...(page.Items ?? []));
  }
  dynamodb.destroy();
  return JSON.stringify(items);
}

const clientNames = async () =>
  (
    await app.request<{ clients: { name: string }[] }>('GET', '/api/clients?limit=100', {
      token: owner.idToken,
    })
  ).body.clients.map((client) => client.name);

describe('Idempotency-Key on creating POSTs', () => {
  it('creates a client once, however often the request is sent, even at the same moment', async () => {
    const headers = { 'idempotency-key': 'client-retry-0001' };
    const body = { name: 'Retry Roofing' };
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        app.request<{ id?: string }>('POST', '/api/clients', { token: owner.idToken, headers, body }),
      ),
    );
    // The first creates; one sent while it runs is told so (409); one after it gets its reply again.
    const created = replies.filter((reply) => reply.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies.filter((candidate) => candidate.status !== 201)) {
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ error: { code: 'idempotency_key_in_use' } });
    }
    const again = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      headers,
      body,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(new Set([...created.map((reply) => reply.body.id), again.body.id]).size).toBe(1);
    expect((await clientNames()).filter((name) => name === 'Retry Roofing')).toHaveLength(1);
  });

  it('starts a batch once, and holds the key to its CSV too', async () => {
    await app.request('POST', '/api/clients', { token: owner.idToken, body: { name: 'Batch Bakery' } });
    const headers = { 'idempotency-key': 'batch-retry-0001' };
    const body = { rows: [{ tool: 'faq', client: 'Batch Bakery', topic: 'Bread', questions: 7 }] };
    const first = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: owner.idToken,
      headers,
      body,
    });
    const second = await app.request<{ batchId: string }>('POST', '/api/batches', {
      token: owner.idToken,
      headers,
      body,
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.batchId).toBe(first.body.batchId);
    const batches = await app.request<{ batches: { batchId: string }[] }>('GET', '/api/batches', {
      token: owner.idToken,
    });
    expect(batches.body.batches.filter((batch) => batch.batchId === first.body.batchId)).toHaveLength(1);
    const otherCsv = await fetch(`${app.url}/api/batches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'text/csv', ...headers },
      body: 'tool,client,topic,questions\nfaq,Batch Bakery,Rye,7\n',
    });
    expect(otherCsv.status).toBe(422);
  });

  it('replays a webhook’s signing secret, a review link and a statement link, kept sealed', async () => {
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Sealed Siding' },
    });
    const item = await app.request<{ id: string }>('POST', `/api/clients/${client.body.id}/content`, {
      token: owner.idToken,
      body: {
        title: 'Fall offer',
        content: 'Free quote',
        html_content: '<p>Free quote</p>',
        content_type: 'faq',
      },
    });
    const creates: { path: string; body: Record<string, unknown>; other: Record<string, unknown> }[] = [
      {
        path: '/api/webhooks',
        body: { url: `http://${RECEIVER}/hooks`, events: ['job.failed'] },
        other: { url: `http://${RECEIVER}/other`, events: ['job.failed'] },
      },
      {
        path: `/api/clients/${client.body.id}/content/${item.body.id}/reviews`,
        body: { reviewerName: 'Sam' },
        other: { reviewerName: 'Alex' },
      },
      {
        path: `/api/clients/${client.body.id}/statements/2026-10/links`,
        body: { expiresInDays: 7 },
        other: { expiresInDays: 8 },
      },
    ];
    const secrets: string[] = [];
    for (const [index, create] of creates.entries()) {
      const headers = { 'idempotency-key': `sealed-retry-000${index}` };
      const send = (body: Record<string, unknown>) =>
        app.request<Record<string, string>>('POST', create.path, { token: owner.idToken, headers, body });
      const first = await send(create.body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const again = await send(create.body);
      expect(again.status, create.path).toBe(201);
      expect(again.headers.get('idempotent-replayed'), create.path).toBe('true');
      expect(again.body, create.path).toEqual(first.body);
      expect((await send(create.other)).status, create.path).toBe(422);
      // The signing secret, or the link's token (its last path segment).
      secrets.push(
        first.body.secret ?? (first.body.reviewUrl ?? first.body.url ?? '').split('/').at(-1) ?? '',
      );
    }
    const webhooks = await app.request<{ webhooks: unknown[] }>('GET', '/api/webhooks', {
      token: owner.idToken,
    });
    expect(webhooks.body.webhooks).toHaveLength(1);
    // What the replays answered is in the table only sealed: no secret or token appears there.
    expect(
      secrets.every((secret) => secret.length >= 32),
      JSON.stringify(secrets),
    ).toBe(true);
    const stored = await tableText();
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('frees the key of a request that failed, so its retry runs again', async () => {
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Publish Plumbing' },
    });
    const item = await app.request<{ id: string }>('POST', `/api/clients/${client.body.id}/content`, {
      token: owner.idToken,
      body: {
        title: 'Spring offer',
        content: 'Ten percent off',
        html_content: '<p>Ten percent off</p>',
        content_type: 'newsletter',
      },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    // The item and client exist, so the request gets past its access check and claims the key; the
    // channel does not, so it fails inside.
    const headers = { 'idempotency-key': 'publish-retry-0001' };
    const body = { connectionId: '01JD0M8Z3C5W9Y7V6T4R2Q1P0M' };
    const path = `/api/clients/${client.body.id}/content/${item.body.id}/publications`;
    const failed = await app.request('POST', path, { token: owner.idToken, headers, body });
    expect(failed.status).toBe(404);
    const retried = await app.request('POST', path, { token: owner.idToken, headers, body });
    expect(retried.status).toBe(404);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });
});
