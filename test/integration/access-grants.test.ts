import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAccess } from '#functions/access/access-record';
import type { Activity } from '#shared/activity';
import type { Client } from '#shared/client';
import { type ApiBody, startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let admin: TestUser;
let domain: string;

beforeAll(async () => {
  app = await startTestRuntime();
  domain = app.runtime.settings.allowedEmailDomain;
  [owner, colleague, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

async function newClient(name: string, token = owner.idToken): Promise<Client> {
  const response = await app.request<Client>('POST', '/api/clients', { token, body: { name } });
  expect(response.status).toBe(201);
  return response.body;
}

const grant = (clientId: string, email: unknown, token = owner.idToken) =>
  app.request<ClientAccess & ApiBody>('POST', `/api/clients/${clientId}/access`, {
    token,
    body: { email },
    headers: { 'user-agent': 'grant-test/1.0' },
  });

const visibleIds = async (user: TestUser) =>
  (await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: user.idToken })).body.clients.map(
    (client) => client.id,
  );

describe('granting access', () => {
  it('grants by normalised e-mail; the colleague then sees and changes the client; removal takes it away', async () => {
    const client = await newClient('Cedar Roofing');
    expect(await visibleIds(colleague)).not.toContain(client.id);
    expect((await app.request('GET', `/api/clients/${client.id}`, { token: colleague.idToken })).status).toBe(
      404,
    );

    const granted = await grant(client.id, `  ${colleague.email.toUpperCase()} `);
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      client_id: client.id,
      user_email: colleague.email,
      granted_by: owner.userId,
      created_at: expect.any(String),
    });

    expect(await visibleIds(colleague)).toContain(client.id);
    const seen = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: colleague.idToken });
    expect(seen.status).toBe(200);
    expect(seen.body.access_count).toBe(1);
    const edited = await app.request<Client>('PATCH', `/api/clients/${client.id}`, {
      token: colleague.idToken,
      body: { name: 'Cedar Roofing & Gutters' },
    });
    expect(edited.status).toBe(200);

    const list = await app.request<{ access: ClientAccess[] }>('GET', `/api/clients/${client.id}/access`, {
      token: owner.idToken,
    });
    expect(list.body.access).toEqual([granted.body]);

    const removed = await app.request('DELETE', `/api/clients/${client.id}/access/${granted.body.id}`, {
      token: owner.idToken,
      headers: { 'user-agent': 'grant-test/1.0' },
    });
    expect(removed.status).toBe(204);
    expect(await visibleIds(colleague)).not.toContain(client.id);
    expect((await app.request('GET', `/api/clients/${client.id}`, { token: colleague.idToken })).status).toBe(
      404,
    );
    const after = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(after.body.access_count).toBe(0);

    const again = await app.request('DELETE', `/api/clients/${client.id}/access/${granted.body.id}`, {
      token: owner.idToken,
    });
    expect(again.status).toBe(404);
  });

  it('refuses a duplicate grant clearly, whatever the case of the address', async () => {
    const client = await newClient('Duplicate Test Co');
    expect((await grant(client.id, colleague.email)).status).toBe(201);
    const duplicate = await grant(client.id, colleague.email.toUpperCase());
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      error: { code: 'already_granted', message: `Access already granted to ${colleague.email}` },
    });
    const read = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(read.body.access_count).toBe(1);
  });

  it('refuses a grant to the creator, who already has access', async () => {
    const client = await newClient('Self Grant Co');
    const response = await grant(client.id, owner.email);
    expect(response.status).toBe(409);
    expect(response.body.error?.message).toBe(
      `${owner.email} created this client and already has access to it`,
    );
  });

  it.each([
    [undefined, 'Please enter an e-mail address.'],
    ['', 'Please enter an e-mail address.'],
    ['not-an-address', 'Please enter a valid e-mail address.'],
    ['two@@signs.example', 'Please enter a valid e-mail address.'],
  ])('refuses the address %o with a clear 400', async (email, message) => {
    const client = await newClient('Validation Co');
    const response = await grant(client.id, email);
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(message);
  });

  it('refuses an address outside the agency domain, which could never sign in', async () => {
    const client = await newClient('Domain Co');
    const response = await grant(client.id, 'someone@other-company.example');
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe(`Only @${domain} email addresses are allowed`);
  });

  it('lets an admin manage grants of anyone’s client, and a granted user see but not manage them', async () => {
    const client = await newClient('Admin Managed Co');
    const third = await app.createUser();
    const byAdmin = await grant(client.id, colleague.email, admin.idToken);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.granted_by).toBe(admin.userId);

    const message = "Only the client's owner or an administrator can manage access to this client.";
    const asGranted = [
      await app.request('GET', `/api/clients/${client.id}/access`, { token: colleague.idToken }),
      await grant(client.id, third.email, colleague.idToken),
      await app.request('DELETE', `/api/clients/${client.id}/access/${byAdmin.body.id}`, {
        token: colleague.idToken,
      }),
    ];
    for (const response of asGranted) {
      expect(response.status).toBe(403);
      expect(response.body.error?.message).toBe(message);
    }
    const removedByAdmin = await app.request(
      'DELETE',
      `/api/clients/${client.id}/access/${byAdmin.body.id}`,
      {
        token: admin.idToken,
      },
    );
    expect(removedByAdmin.status).toBe(204);
  });

  it('records grants and removals with the client name and e-mail', async () => {
    const client = await newClient('Activity Grant Co');
    const granted = await grant(client.id, colleague.email);
    await app.request('DELETE', `/api/clients/${client.id}/access/${granted.body.id}`, {
      token: owner.idToken,
      headers: { 'user-agent': 'grant-test/1.0' },
    });
    const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
      token: admin.idToken,
    });
    const mine = feed.body.activities.filter((activity) => activity.resource_id === granted.body.id);
    expect(mine.map((activity) => activity.action)).toEqual(['access_removed', 'access_granted']);
    for (const activity of mine) {
      expect(activity).toMatchObject({
        user_id: owner.userId,
        user_email: owner.email,
        resource_type: 'client_access',
        user_agent: 'grant-test/1.0',
        details: { client_id: client.id, client_name: 'Activity Grant Co', email: colleague.email },
      });
    }
  });
});
