import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAccess } from '#functions/access/access-record';
import { listGrants } from '#functions/access/access-store';
import { listAllContent } from '#functions/content/content-store';
import { entities } from '#functions/data/entities';
import { partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import { readTrash, trashKeys } from '#functions/trash/trash-bin';
import type { Activity } from '#shared/activity';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import * as z from '#shared/validation/zod';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

let app: TestRuntime;
let owner: TestUser;
let grantee: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, grantee, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

async function clientWithEverything(name: string) {
  const created = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: {
      name,
      city: 'Portland',
      wordpress_url: 'https://wp.example',
      wordpress_username: 'editor',
      wordpress_app_password: 'pass word 1234',
    },
  });
  expect(created.status).toBe(201);
  const client = created.body;
  const content: ClientContent[] = [];
  for (const type of ['newsletter', 'press_release', 'faq'] as const) {
    const saved = await app.request<ClientContent>('POST', `/api/clients/${client.id}/content`, {
      token: owner.idToken,
      body: { title: `${name} ${type}`, content: 'Text', html_content: '<p>Text</p>', content_type: type },
    });
    expect(saved.status).toBe(201);
    content.push(saved.body);
  }
  const grant = await app.request<ClientAccess>('POST', `/api/clients/${client.id}/access`, {
    token: owner.idToken,
    body: { email: grantee.email },
  });
  expect(grant.status).toBe(201);
  return { client, content, grant: grant.body };
}

async function snapshotExists(clientId: string): Promise<boolean> {
  return (await readTrash(trashKeys.client(clientId), z.unknown())) !== null;
}

async function visibleIds(user: TestUser): Promise<string[]> {
  const list = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: user.idToken });
  return list.body.clients.map((client) => client.id);
}

describe('deleting and restoring a client', () => {
  it('removes the client, its content and its grants at once, and restore brings everything back', async () => {
    const { client, content, grant } = await clientWithEverything('Harbor Law Group');
    const before = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(before.body).toMatchObject({ content_count: 3, access_count: 1, wordpress_configured: true });

    const deleted = await app.request('DELETE', `/api/clients/${client.id}`, {
      token: owner.idToken,
      headers: { 'user-agent': 'crud-test/1.0' },
    });
    expect(deleted.status).toBe(204);

    expect((await app.request('GET', `/api/clients/${client.id}`, { token: owner.idToken })).status).toBe(
      404,
    );
    expect(
      (await app.request('GET', `/api/clients/${client.id}/content`, { token: owner.idToken })).status,
    ).toBe(404);
    expect(
      (
        await app.request('GET', `/api/clients/${client.id}/content/${content[0]?.id}`, {
          token: owner.idToken,
        })
      ).status,
    ).toBe(404);
    expect(await visibleIds(owner)).not.toContain(client.id);
    expect(await visibleIds(grantee)).not.toContain(client.id);
    expect(await visibleIds(admin)).not.toContain(client.id);

    // No orphans: the whole partition is empty, grants included.
    const { table, access: accessEntity } = entities();
    const [items, grants, byEmail] = await Promise.all([
      listAllContent(client.id),
      listGrants(client.id),
      table
        .build(QueryCommand)
        .entities(accessEntity)
        .query({
          index: 'gsi1',
          partition: partitionKey([['userEmail', grantee.email]]),
          range: { beginsWith: sortKeyPrefix('access', 'clientId') },
        })
        .send(),
    ]);
    expect(items).toEqual([]);
    expect(grants).toEqual([]);
    expect((byEmail.Items ?? []).map((row) => row.clientId)).not.toContain(client.id);
    expect(await snapshotExists(client.id)).toBe(true);

    const restored = await app.request<Client>('POST', `/api/clients/${client.id}/restore`, {
      token: owner.idToken,
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(before.body);
    expect(await snapshotExists(client.id)).toBe(false);

    const library = await app.request<{ content: ClientContent[] }>(
      'GET',
      `/api/clients/${client.id}/content`,
      {
        token: owner.idToken,
      },
    );
    expect(library.body.content.map((item) => item.id).sort()).toEqual(content.map((item) => item.id).sort());
    const access = await app.request<{ access: ClientAccess[] }>('GET', `/api/clients/${client.id}/access`, {
      token: owner.idToken,
    });
    expect(access.body.access).toEqual([grant]);
    // Every index is back: the creator's, the grantee's (by e-mail) and the admins' all-clients index.
    expect(await visibleIds(owner)).toContain(client.id);
    expect(await visibleIds(grantee)).toContain(client.id);
    expect(await visibleIds(admin)).toContain(client.id);

    const again = await app.request('POST', `/api/clients/${client.id}/restore`, { token: owner.idToken });
    expect(again.status).toBe(404);
  });

  it("refuses a granted user the delete (403, nothing removed), and any restore of an owner's delete", async () => {
    const first = await clientWithEverything('Maple Street Bakery');
    const refused = await app.request<{ error: { code: string; message: string } }>(
      'DELETE',
      `/api/clients/${first.client.id}`,
      { token: grantee.idToken },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "Only the client's owner or an administrator can delete this client.",
    );
    expect(await visibleIds(owner)).toContain(first.client.id);
    expect(await visibleIds(grantee)).toContain(first.client.id);

    const second = await clientWithEverything('Oak Dental');
    expect(
      (await app.request('DELETE', `/api/clients/${second.client.id}`, { token: owner.idToken })).status,
    ).toBe(204);
    const stranger = await app.createUser();
    for (const user of [grantee, stranger]) {
      const refused = await app.request('POST', `/api/clients/${second.client.id}/restore`, {
        token: user.idToken,
      });
      expect(refused.status).toBe(404);
    }
    const byAdmin = await app.request<Client>('POST', `/api/clients/${second.client.id}/restore`, {
      token: admin.idToken,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.created_by).toBe(owner.userId);
  });

  it('answers 404 when there is nothing to restore', async () => {
    const live = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Live' },
    });
    for (const id of [live.body.id, '01J00000000000000000000000', 'not-an-id']) {
      const response = await app.request('POST', `/api/clients/${id}/restore`, { token: owner.idToken });
      expect(response.status).toBe(404);
    }
  });

  it('records update, delete and restore as activities with user, resource, details and user agent', async () => {
    const created = await app.request<Client>('POST', '/api/clients', {
      token: owner.idToken,
      body: { name: 'Tracked Co', city: 'Reno' },
    });
    const id = created.body.id;
    await app.request('PATCH', `/api/clients/${id}`, {
      token: owner.idToken,
      body: { name: 'Tracked Company', city: 'Reno' },
      headers: { 'user-agent': 'activity-test/2.0' },
    });
    await app.request('DELETE', `/api/clients/${id}`, {
      token: owner.idToken,
      headers: { 'user-agent': 'activity-test/2.0' },
    });
    await app.request('POST', `/api/clients/${id}/restore`, {
      token: owner.idToken,
      headers: { 'user-agent': 'activity-test/2.0' },
    });

    const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
      token: admin.idToken,
    });
    expect(feed.status).toBe(200);
    const mine = feed.body.activities.filter((activity) => activity.resource_id === id);
    expect(mine.map((activity) => activity.action)).toEqual([
      'client_restored',
      'client_deleted',
      'client_updated',
    ]);
    for (const activity of mine) {
      expect(activity).toMatchObject({
        user_id: owner.userId,
        user_email: owner.email,
        resource_type: 'client',
        ip_address: null,
        user_agent: 'activity-test/2.0',
      });
    }
    expect(mine[2]?.details).toEqual({ client_name: 'Tracked Company', changed_fields: ['name'] });
    expect(mine[1]?.details).toEqual({ client_name: 'Tracked Company', content_count: 0, access_count: 0 });
  });
});
