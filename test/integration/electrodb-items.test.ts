import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '#functions/api-keys/api-key-secret';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import { libraryItems } from '#test/support/library-items';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * Tables filled by the ElectroDB version of the entity layer keep working after the switch to
 * dynamodb-toolbox (docs/decisions.md): items written here as literal attribute maps, in exactly the
 * format ElectroDB 3.9 stored (lower-cased keys, `__edb_e__`/`__edb_v__`), are listed, read, updated and
 * counted through the API, and what the API writes now is that same format.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague] = await Promise.all([app.createUser(), app.createUser()]);
});

afterAll(async () => {
  await app?.stop();
});

const store = () => dynamoDocumentClient();
const table = () => requireEnv('tableName');

async function putRaw(item: Record<string, unknown>): Promise<void> {
  await store().send(new PutCommand({ TableName: table(), Item: item }));
}

async function getRaw(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await store().send(
    new GetCommand({ TableName: table(), Key: { pk, sk }, ConsistentRead: true }),
  );
  return Item;
}

function legacyClient(clientId: string, createdBy: TestUser, name: string): Record<string, unknown> {
  const id = clientId.toLowerCase();
  return {
    clientId,
    name,
    city: 'Austin',
    createdBy: createdBy.userId,
    createdByEmail: createdBy.email.toLowerCase(),
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    contentCount: 1,
    accessCount: 1,
    allClients: 'all',
    pk: `$lbm#clientid_${id}`,
    sk: '$client_1',
    gsi1pk: `$lbm#createdby_${createdBy.userId.toLowerCase()}`,
    gsi1sk: `$client_1#clientid_${id}`,
    gsi2pk: '$lbm#allclients_all',
    gsi2sk: `$client_1#clientid_${id}`,
    __edb_e__: 'client',
    __edb_v__: '1',
    // Written by some later version: a reader ignores it and an update keeps it.
    legacy_note: 'kept',
  };
}

function legacyContent(clientId: string, contentId: string): Record<string, unknown> {
  return {
    clientId,
    contentId,
    title: 'Spring newsletter',
    content: 'Plain text',
    html_content: '<p>Plain text</p>',
    content_type: 'newsletter',
    metadata: { source: 'legacy' },
    createdBy: owner.userId,
    createdAt: '2026-01-05T10:05:00.000Z',
    updatedAt: '2026-01-05T10:05:00.000Z',
    pk: `$lbm#clientid_${clientId.toLowerCase()}`,
    sk: `$content_1#contentid_${contentId.toLowerCase()}`,
    gsi1pk: `$lbm#clientid_${clientId.toLowerCase()}#content_type_newsletter`,
    gsi1sk: `$content_1#contentid_${contentId.toLowerCase()}`,
    __edb_e__: 'content',
    __edb_v__: '1',
  };
}

function legacyGrant(clientId: string, email: string, accessId: string): Record<string, unknown> {
  return {
    clientId,
    userEmail: email,
    accessId,
    grantedBy: owner.userId,
    grantedByEmail: owner.email,
    createdAt: '2026-01-05T10:06:00.000Z',
    pk: `$lbm#clientid_${clientId.toLowerCase()}`,
    sk: `$access_1#useremail_${email}`,
    gsi1pk: `$lbm#useremail_${email}`,
    gsi1sk: `$access_1#clientid_${clientId.toLowerCase()}`,
    __edb_e__: 'access',
    __edb_v__: '1',
  };
}

describe('items stored by the ElectroDB version', () => {
  it('are listed, read, updated and counted as before', async () => {
    const clientId = ulid();
    const contentId = ulid();
    const accessId = ulid();
    const grantee = colleague.email.toLowerCase();
    const client = legacyClient(clientId, owner, 'Legacy Dental');
    await Promise.all([
      putRaw(client),
      putRaw(legacyContent(clientId, contentId)),
      putRaw(legacyGrant(clientId, grantee, accessId)),
    ]);

    // Listed for the creator (byCreator index) and for the grantee (byEmail index + BatchGet).
    for (const user of [owner, colleague]) {
      const list = await app.request<{ clients: Client[] }>('GET', '/api/clients?fields=full', {
        token: user.idToken,
      });
      expect(list.status).toBe(200);
      expect(list.body.clients.find((entry) => entry.id === clientId)).toMatchObject({
        name: 'Legacy Dental',
        city: 'Austin',
        content_count: 1,
        access_count: 1,
      });
      // The cards' summary too, though the item has no stored previews.
      const cards = await app.request<{ clients: Record<string, unknown>[] }>('GET', '/api/clients', {
        token: user.idToken,
      });
      expect(cards.body.clients.find((entry) => entry.id === clientId)).toMatchObject({
        name: 'Legacy Dental',
        city: 'Austin',
        content_count: 1,
        newsletter_instructions_preview: null,
      });
    }

    const read = await app.request<Client>('GET', `/api/clients/${clientId}`, { token: owner.idToken });
    expect(read.body).toMatchObject({ id: clientId, name: 'Legacy Dental', created_by: owner.userId });

    // The library, all types and one type (the type index), and the grants.
    const library = await libraryItems(app, owner.idToken, clientId);
    expect(library.map((item) => item.id)).toEqual([contentId]);
    expect(library[0]).toMatchObject({
      title: 'Spring newsletter',
      metadata: { source: 'legacy' },
    });
    const newsletters = await app.request<{ content: ClientContent[] }>(
      'GET',
      `/api/clients/${clientId}/content?type=newsletter`,
      { token: owner.idToken },
    );
    expect(newsletters.body.content.map((item) => item.id)).toEqual([contentId]);
    const grants = await app.request<{ access: { id: string }[] } | { id: string }[]>(
      'GET',
      `/api/clients/${clientId}/access`,
      { token: owner.idToken },
    );
    expect(JSON.stringify(grants.body)).toContain(accessId);

    // An update changes only what it changes: same key, same internal attributes, unknown ones kept.
    const updated = await app.request<Client>('PATCH', `/api/clients/${clientId}`, {
      token: owner.idToken,
      body: { name: 'Legacy Dental Group', city: 'Austin' },
    });
    expect(updated.status).toBe(200);
    const stored = await getRaw(`$lbm#clientid_${clientId.toLowerCase()}`, '$client_1');
    expect(stored).toStrictEqual({
      ...client,
      name: 'Legacy Dental Group',
      updatedAt: updated.body.updated_at,
      // The list's stored previews come with the first write of the instructions.
      instructionPreviews: {},
    });

    // Counters move on the old item: one more saved item, then the old one deleted.
    const saved = await app.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
      body: { title: 'Summer', content: 'Text', html_content: '<p>Text</p>', content_type: 'blog' },
    });
    expect(saved.status).toBe(201);
    expect((await getRaw(`$lbm#clientid_${clientId.toLowerCase()}`, '$client_1'))?.contentCount).toBe(2);
    const removed = await app.request('DELETE', `/api/clients/${clientId}/content/${contentId}`, {
      token: owner.idToken,
    });
    expect(removed.status).toBeLessThan(300);
    expect((await getRaw(`$lbm#clientid_${clientId.toLowerCase()}`, '$client_1'))?.contentCount).toBe(1);
    const after = await app.request<{ content: ClientContent[] }>('GET', `/api/clients/${clientId}/content`, {
      token: owner.idToken,
    });
    expect(after.body.content.map((item) => item.id)).toEqual([saved.body.id]);
  });

  it('page with the same cursors: a page boundary between old and new items', async () => {
    const older = ulid(Date.now() - 60_000);
    await putRaw(legacyClient(older, colleague, 'Older Legacy Clinic'));
    const newer = await app.request<Client>('POST', '/api/clients', {
      token: colleague.idToken,
      body: { name: 'Newer Clinic' },
    });
    const first = await app.request<{ clients: Client[]; next_cursor: string | null }>(
      'GET',
      '/api/clients?limit=1',
      { token: colleague.idToken },
    );
    expect(first.body.clients.map((entry) => entry.id)).toEqual([newer.body.id]);
    expect(first.body.next_cursor).not.toBeNull();
    const second = await app.request<{ clients: Client[] }>(
      'GET',
      `/api/clients?limit=50&cursor=${first.body.next_cursor}`,
      { token: colleague.idToken },
    );
    expect(second.body.clients.map((entry) => entry.id)).toContain(older);
    expect(second.body.clients.map((entry) => entry.id)).not.toContain(newer.body.id);
  });
});

describe('API keys and jobs stored by the ElectroDB version', () => {
  it('authorize, list, switch off and report as before', async () => {
    const key = `lbm_${randomBytes(32).toString('base64url')}`;
    const keyHash = hashApiKey(key);
    const keyId = ulid();
    const stored = {
      keyHash,
      keyId,
      name: 'Legacy integration',
      key_prefix: key.slice(0, 12),
      user_id: owner.userId,
      user_email: owner.email,
      owner_is_admin: false,
      is_active: true,
      created_at: '2026-01-05T10:00:00.000Z',
      allKeys: 'all',
      pk: `$lbm#keyhash_${keyHash}`,
      sk: '$apikey_1',
      gsi1pk: `$lbm#user_id_${owner.userId.toLowerCase()}`,
      gsi1sk: `$apikey_1#keyid_${keyId.toLowerCase()}`,
      gsi2pk: `$lbm#keyid_${keyId.toLowerCase()}`,
      gsi2sk: '$apikey_1',
      gsi3pk: '$lbm#allkeys_all',
      gsi3sk: `$apikey_1#keyid_${keyId.toLowerCase()}`,
      __edb_e__: 'apiKey',
      __edb_v__: '1',
    };
    await putRaw(stored);
    const jobId = ulid();
    await putRaw({
      jobId,
      tool: 'newsletter',
      userId: owner.userId,
      userEmail: owner.email,
      isAdmin: false,
      status: 'succeeded',
      progress: 100,
      request: { topic: 'Spring' },
      result: { title: 'Spring', content: 'Text' },
      attempts: 1,
      servedBy: 'offline',
      createdAt: '2026-01-05T10:00:00.000Z',
      updatedAt: '2026-01-05T10:01:00.000Z',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      pk: `$lbm#jobid_${jobId.toLowerCase()}`,
      sk: '$job_1',
      gsi1pk: `$lbm#userid_${owner.userId.toLowerCase()}`,
      gsi1sk: `$job_1#jobid_${jobId.toLowerCase()}`,
      __edb_e__: 'job',
      __edb_v__: '1',
    });

    const keys = await app.request<{ api_keys: { id: string }[] } | { id: string }[]>(
      'GET',
      '/api/api-keys',
      {
        token: owner.idToken,
      },
    );
    expect(JSON.stringify(keys.body)).toContain(keyId);
    // The authorizer resolves the key by its hash, and the rate limiter counts the request.
    expect((await app.request('GET', '/api/clients', { token: key })).status).toBe(200);
    const job = await app.request<{ status: string; result: unknown }>('GET', `/api/jobs/${jobId}`, {
      token: key,
    });
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'succeeded', result: { title: 'Spring', content: 'Text' } });

    const off = await app.request('PATCH', `/api/api-keys/${keyId}`, {
      token: owner.idToken,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    const after = await getRaw(`$lbm#keyhash_${keyHash}`, '$apikey_1');
    expect(after).toStrictEqual({ ...stored, is_active: false, last_used_at: expect.any(String) });
    expect((await app.request('GET', '/api/clients', { token: key })).status).toBe(401);
  });
});

describe('what the API writes now', () => {
  it('is the format ElectroDB wrote', async () => {
    const created = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Fresh Bakery', city: 'Dallas' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(await getRaw(`$lbm#clientid_${id.toLowerCase()}`, '$client_1')).toStrictEqual({
      clientId: id,
      name: 'Fresh Bakery',
      city: 'Dallas',
      createdBy: owner.userId,
      createdByEmail: owner.email.toLowerCase(),
      createdAt: created.body.created_at,
      updatedAt: created.body.updated_at,
      contentCount: 0,
      accessCount: 0,
      allClients: 'all',
      pk: `$lbm#clientid_${id.toLowerCase()}`,
      sk: '$client_1',
      gsi1pk: `$lbm#createdby_${owner.userId.toLowerCase()}`,
      gsi1sk: `$client_1#clientid_${id.toLowerCase()}`,
      gsi2pk: '$lbm#allclients_all',
      gsi2sk: `$client_1#clientid_${id.toLowerCase()}`,
      __edb_e__: 'client',
      __edb_v__: '1',
      // Added since: the cards' previews of the instructions, here none. The ElectroDB
      // version ignores an attribute it does not know.
      instructionPreviews: {},
    });

    const grant = await app.request<{ id: string }>('POST', `/api/clients/${id}/access`, {
      token: owner.idToken,
      body: { email: colleague.email },
    });
    expect(grant.status).toBe(201);
    const email = colleague.email.toLowerCase();
    expect(await getRaw(`$lbm#clientid_${id.toLowerCase()}`, `$access_1#useremail_${email}`)).toStrictEqual({
      clientId: id,
      userEmail: email,
      accessId: grant.body.id,
      grantedBy: owner.userId,
      grantedByEmail: owner.email,
      createdAt: expect.any(String),
      pk: `$lbm#clientid_${id.toLowerCase()}`,
      sk: `$access_1#useremail_${email}`,
      gsi1pk: `$lbm#useremail_${email}`,
      gsi1sk: `$access_1#clientid_${id.toLowerCase()}`,
      __edb_e__: 'access',
      __edb_v__: '1',
    });
    expect((await getRaw(`$lbm#clientid_${id.toLowerCase()}`, '$client_1'))?.accessCount).toBe(1);
  });
});
