import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Idempotency-Key on the POSTs that create something (functions/idempotency/idempotent-handler.ts): a
 * retried request answers the first reply and creates nothing more; a failed one frees its key.
 */

let app: TestRuntime;
let owner: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  owner = await app.createUser();
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

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
