import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { credentialRefusalMessage } from '#functions/commons/credential-refusals';
import { requireEnv } from '#functions/commons/env';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  type ApiKeySummary,
  type CreatedApiKey,
  INSUFFICIENT_SCOPE_CODE,
  insufficientScopeMessage,
} from '#shared/api-keys';
import type { Client } from '#shared/client';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * API keys end to end through the local gateway and the real authorizer: the key lifecycle, what a key
 * may reach (its owner's access, never the user-only routes), who manages whose keys, and what the
 * table keeps.
 */

let app: TestRuntime;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let ownersClient: Client;
let othersClient: Client;

async function newKey(user: TestUser, name = 'Integration'): Promise<CreatedApiKey> {
  const response = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
    token: user.idToken,
    body: { name },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function newClient(user: TestUser, name: string): Promise<Client> {
  const response = await app.request<Client>('POST', '/api/clients', { token: user.idToken, body: { name } });
  expect(response.status).toBe(201);
  return response.body;
}

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, other, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  ownersClient = await newClient(owner, 'Owner Co');
  othersClient = await newClient(other, 'Other Co');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('the key lifecycle', () => {
  it('shows the whole key once, works, stops at once when deactivated, works again, and dies on delete', async () => {
    const created = await newKey(owner, '  Reporting script  ');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created).toMatchObject({
      name: 'Reporting script',
      key_prefix: created.key.slice(0, 12),
      user_id: owner.userId,
      is_active: true,
      last_used_at: null,
    });

    const listed = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: owner.idToken,
    });
    expect(listed.status).toBe(200);
    const summary = listed.body.apiKeys.find((key) => key.id === created.id);
    expect(summary?.key_prefix).toBe(created.key.slice(0, 12));
    expect(JSON.stringify(listed.body)).not.toContain(created.key);

    const used = await app.request('GET', '/api/clients', { token: created.key });
    expect(used.status).toBe(200);
    const afterUse = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: owner.idToken,
    });
    expect(afterUse.body.apiKeys.find((key) => key.id === created.id)?.last_used_at).not.toBeNull();

    const off = await app.request<ApiKeySummary>('PATCH', `/api/api-keys/${created.id}`, {
      token: owner.idToken,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    const refused = await app.request('GET', '/api/clients', { token: created.key });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: { code: 'unauthorized', message: 'The API key is invalid or inactive.' },
    });

    const on = await app.request('PATCH', `/api/api-keys/${created.id}`, {
      token: owner.idToken,
      body: { is_active: true },
    });
    expect(on.status).toBe(200);
    expect((await app.request('GET', '/api/clients', { token: created.key })).status).toBe(200);

    const deleted = await app.request('DELETE', `/api/api-keys/${created.id}`, { token: owner.idToken });
    expect(deleted.status).toBe(204);
    expect((await app.request('GET', '/api/clients', { token: created.key })).status).toBe(401);
    const gone = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: owner.idToken,
    });
    expect(gone.body.apiKeys.some((key) => key.id === created.id)).toBe(false);
  });

  it('stamps last_used_at at most once a minute', async () => {
    const created = await newKey(owner);
    const stamps: (string | null)[] = [];
    for (let index = 0; index < 3; index += 1) {
      expect((await app.request('GET', '/api/clients', { token: created.key })).status).toBe(200);
      const listed = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
        token: owner.idToken,
      });
      stamps.push(listed.body.apiKeys.find((key) => key.id === created.id)?.last_used_at ?? null);
    }
    expect(stamps[0]).not.toBeNull();
    expect(new Set(stamps).size).toBe(1);
  });

  it('refuses a blank name with the spec message', async () => {
    const response = await app.request('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: '   ' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(API_KEY_MESSAGES.nameRequired);
  });

  it('answers 401 with the JSON error for a key that never existed', async () => {
    const forged = `lbm_${'A'.repeat(43)}`;
    const response = await app.request('GET', '/api/clients', { token: forged });
    expect(response.status).toBe(401);
    expect(response.body.error?.code).toBe('unauthorized');
    expect((await app.request('GET', '/api/clients', { token: 'lbm_short' })).status).toBe(401);
  });

  it('keeps only the hash in the table, never the key', async () => {
    const created = await newKey(owner, 'Stored');
    const { Items = [] } = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: requireEnv('tableName') }),
    );
    const everything = JSON.stringify(Items);
    expect(everything).not.toContain(created.key);
    expect(everything).not.toContain(created.key.slice(12));
    const item = Items.find((candidate) => candidate.keyId === created.id);
    expect(item?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(item?.key_prefix).toBe(created.key.slice(0, 12));
    expect(Object.keys(item ?? {}).sort()).not.toContain('key_value');
  });
});

describe('what a key reaches', () => {
  it('acts with its owner’s access: only the owner’s clients, 404 for anyone else’s', async () => {
    const { key } = await newKey(owner);
    const listed = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: key });
    expect(listed.body.clients.map((client) => client.id)).toEqual([ownersClient.id]);

    const foreign = await app.request('POST', '/api/generate-newsletter', {
      token: key,
      body: { topic: 'Spring', clientId: othersClient.id, saveToClient: true },
    });
    expect(foreign.status).toBe(404);

    const created = await app.request<Client>('POST', '/api/clients', {
      token: key,
      body: {
        name: 'Made by key',
        company_name: 'Key LLC',
        email: 'k@example.com',
        website: 'https://k.example',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.created_by).toBe(owner.userId);
  });

  it('cannot see another user’s job', async () => {
    const { key: othersKey } = await newKey(other);
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-newsletter', {
      token: othersKey,
      body: { topic: 'Roofing' },
    });
    expect(queued.status).toBe(202);
    const { key } = await newKey(owner);
    expect((await app.request('GET', `/api/jobs/${queued.body.jobId}`, { token: key })).status).toBe(404);
    expect((await app.request('GET', `/api/jobs/${queued.body.jobId}`, { token: othersKey })).status).toBe(
      200,
    );
  });

  it('gets 403 on every user-only and admin route, including the key routes themselves', async () => {
    const { key } = await newKey(admin);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/me'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys', { name: 'minted by a key' }],
      ['PUT', `/api/clients/${ownersClient.id}`, { name: 'x' }],
      ['DELETE', `/api/clients/${ownersClient.id}`],
      // (A client and its library are read with a key too: the public API's GET /clients/{clientId}
      // and library routes.)
      ['GET', `/api/clients/${ownersClient.id}/access`],
      ['GET', '/api/activities'],
    ];
    for (const [method, path, body] of calls) {
      const response = await app.request(method, path, { token: key, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error?.code, `${method} ${path}`).toBe('forbidden');
    }
  });

  it('of an admin sees every client, as its owner does', async () => {
    const { key } = await newKey(admin);
    const listed = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: key });
    const ids = listed.body.clients.map((client) => client.id);
    expect(ids).toEqual(expect.arrayContaining([ownersClient.id, othersClient.id]));
  });
});

describe('who manages which keys', () => {
  it('another user gets 404 for a key that is not theirs, and never sees it listed', async () => {
    const created = await newKey(owner);
    for (const [method, body] of [
      ['PATCH', { is_active: false }],
      ['DELETE', undefined],
    ] as const) {
      const response = await app.request(method, `/api/api-keys/${created.id}`, {
        token: other.idToken,
        body,
      });
      expect(response.status, method).toBe(404);
    }
    const listed = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: other.idToken,
    });
    expect(listed.body.apiKeys.some((key) => key.id === created.id)).toBe(false);
    expect((await app.request('GET', '/api/api-keys?all=true', { token: other.idToken })).status).toBe(403);
    expect((await app.request('GET', '/api/clients', { token: created.key })).status).toBe(200);
  });

  it('an admin sees every key and may deactivate, but not reactivate or delete, someone else’s', async () => {
    const created = await newKey(owner);
    const all = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys?all=true', {
      token: admin.idToken,
    });
    expect(all.status).toBe(200);
    expect(all.body.apiKeys.find((key) => key.id === created.id)?.user_email).toBe(owner.email);
    const own = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: admin.idToken,
    });
    expect(own.body.apiKeys.some((key) => key.id === created.id)).toBe(false);

    const off = await app.request('PATCH', `/api/api-keys/${created.id}`, {
      token: admin.idToken,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect((await app.request('GET', '/api/clients', { token: created.key })).status).toBe(401);
    const on = await app.request('PATCH', `/api/api-keys/${created.id}`, {
      token: admin.idToken,
      body: { is_active: true },
    });
    expect(on.status).toBe(403);
    expect(
      (await app.request('DELETE', `/api/api-keys/${created.id}`, { token: admin.idToken })).status,
    ).toBe(403);
  });

  it('answers 404 for ids that are not key ids', async () => {
    const response = await app.request('PATCH', '/api/api-keys/not-an-id', {
      token: owner.idToken,
      body: { is_active: false },
    });
    expect(response.status).toBe(404);
  });
});

describe('scopes and expiry', () => {
  async function keyWith(body: Record<string, unknown>): Promise<CreatedApiKey> {
    const response = await app.request<CreatedApiKey>('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: 'Scoped', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }
  const newsletter = { topic: 'Spring tips', inputType: 'topic' };

  it('has every scope and no expiry unless chosen', async () => {
    const created = await keyWith({});
    expect(created.scopes).toEqual([...API_KEY_SCOPES]);
    expect(created.expires_at).toBeNull();
  });

  it('lets a key call only the routes of its scopes, and names the scope it lacks', async () => {
    const reader = await keyWith({ scopes: ['read'] });
    expect(reader.scopes).toEqual(['read']);
    expect((await app.request('GET', '/api/clients', { token: reader.key })).status).toBe(200);
    const write = await app.request('POST', '/api/clients', { token: reader.key, body: { name: 'Nope' } });
    expect(write.status).toBe(403);
    expect(write.body.error).toEqual({
      code: INSUFFICIENT_SCOPE_CODE,
      message: insufficientScopeMessage('admin'),
    });
    const generate = await app.request('POST', '/api/generate-newsletter', {
      token: reader.key,
      body: newsletter,
    });
    expect(generate.body.error).toEqual({
      code: INSUFFICIENT_SCOPE_CODE,
      message: insufficientScopeMessage('generate'),
    });

    const generator = await keyWith({ scopes: ['generate', 'generate'] }).catch(() => null);
    expect(generator).toBeNull();
    const writer = await keyWith({ scopes: ['generate'] });
    expect(
      (await app.request('POST', '/api/generate-newsletter', { token: writer.key, body: newsletter })).status,
    ).toBe(202);
    const read = await app.request('GET', '/api/clients', { token: writer.key });
    expect(read.status).toBe(403);
    expect(read.body.error?.message).toBe(insufficientScopeMessage('read'));
    // The owner's sign-in is not limited by the keys' scopes.
    expect(
      (await app.request('POST', '/api/clients', { token: owner.idToken, body: { name: 'Fine Co' } })).status,
    ).toBe(201);
  });

  it('refuses a key expiring in the past or at no date, and stops a key at its expiry', async () => {
    const past = await app.request('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: 'Late', expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.error?.message).toContain(API_KEY_MESSAGES.expiryPast);
    const invalid = await app.request('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: 'Late', expires_at: 'next week' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.message).toContain(API_KEY_MESSAGES.expiryInvalid);
    const none = await app.request('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: 'Nothing', scopes: [] },
    });
    expect(none.body.error?.message).toContain(API_KEY_MESSAGES.scopesRequired);

    const soon = await keyWith({ expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await app.request('GET', '/api/clients', { token: soon.key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const expired = await app.request('GET', '/api/clients', { token: soon.key });
    expect(expired.status).toBe(401);
    expect(expired.body.error?.message).toBe(credentialRefusalMessage('expired_key'));
    const listed = await app.request<{ apiKeys: ApiKeySummary[] }>('GET', '/api/api-keys', {
      token: owner.idToken,
    });
    expect(listed.body.apiKeys.find((key) => key.id === soon.id)?.expires_at).toBe(soon.expires_at);
  });
});
