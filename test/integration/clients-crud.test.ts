import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '#functions/clients/password-cipher';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import { CLIENT_TEXT_FIELDS, type Client } from '#shared/client';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

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

const fullProfile = {
  name: '  Bright Smile Dental  ',
  company_name: ' Bright Smile Dental LLC ',
  owner: 'Dr. Maya Patel',
  email: ' hello@brightsmile.example ',
  phone: '(512) 555-0148',
  website: 'https://brightsmile.example',
  facebook: 'https://facebook.com/brightsmile',
  linkedin: '',
  gbp: '   ',
  address: '1200 Congress Ave, Suite 4',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'USA',
  newsletter_instructions: '  Friendly, family tone.  ',
  press_release_instructions: null,
  content_instructions: 'Mention same-day crowns.',
  wordpress_url: '',
  wordpress_username: '',
};

async function createClient(token: string, body: Record<string, unknown>) {
  const response = await app.request<Client>('POST', '/api/clients', { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

describe('creating a client', () => {
  it('trims every value and stores empty optional fields as null', async () => {
    const client = await createClient(owner.idToken, fullProfile);
    expect(client).toMatchObject({
      name: 'Bright Smile Dental',
      company_name: 'Bright Smile Dental LLC',
      email: 'hello@brightsmile.example',
      linkedin: null,
      gbp: null,
      newsletter_instructions: 'Friendly, family tone.',
      press_release_instructions: null,
      wordpress_url: null,
      wordpress_username: null,
      wordpress_configured: false,
      created_by: owner.userId,
      content_count: 0,
      access_count: 0,
    });
    expect(client.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(client.created_at).toBe(client.updated_at);

    const read = await app.request<Client>('GET', `/api/clients/${client.id}`, { token: owner.idToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(client);
  });

  it.each([
    ['a missing name', {}],
    ['a blank name', { name: '   ' }],
    ['a null name', { name: null }],
  ])('refuses %s with the spec message', async (_label, body) => {
    const response = await app.request('POST', '/api/clients', { token: owner.idToken, body });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe('Please enter a client name.');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${app.url}/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
  });
});

/** Every editable field of a client, as a PUT must send them (null clears one). */
const everyField = (changes: Record<string, unknown>) => ({
  ...Object.fromEntries(CLIENT_TEXT_FIELDS.map((field) => [field, null])),
  ...changes,
});

describe('updating a client', () => {
  it('PUT replaces every editable field, trimmed, empty ones becoming null', async () => {
    const created = await createClient(owner.idToken, fullProfile);
    const response = await app.request<Client>('PUT', `/api/clients/${created.id}`, {
      token: owner.idToken,
      body: everyField({
        name: ' Bright Smile Family Dental ',
        city: ' Round Rock ',
        phone: '',
        website: null,
      }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      name: 'Bright Smile Family Dental',
      city: 'Round Rock',
      phone: null,
      website: null,
      owner: null,
      newsletter_instructions: null,
      created_at: created.created_at,
      created_by: owner.userId,
    });
    expect(response.body.updated_at > created.updated_at).toBe(true);

    const stored = { data: await findItem(entities().client, { clientId: created.id }) };
    expect(stored.data?.phone).toBeUndefined();
    expect(stored.data?.owner).toBeUndefined();
  });

  it('PUT refuses a body that leaves a field out, names it, and changes nothing', async () => {
    const created = await createClient(owner.idToken, fullProfile);
    const response = await app.request('PUT', `/api/clients/${created.id}`, {
      token: owner.idToken,
      body: { name: 'Bright Smile', city: 'Round Rock' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'validation_failed',
      message:
        'company_name: required, since PUT replaces the whole profile: send every field (null clears one), or change only some with PATCH.',
    });
    const read = await app.request<Client>('GET', `/api/clients/${created.id}`, { token: owner.idToken });
    expect(read.body).toEqual(created);
  });

  it('PATCH changes only the fields it names; null or blank clears one', async () => {
    const created = await createClient(owner.idToken, fullProfile);
    const path = `/api/clients/${created.id}`;
    const patched = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { phone: ' (512) 555-0199 ', city: null, owner: '' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({
      ...created,
      phone: '(512) 555-0199',
      city: null,
      owner: null,
      updated_at: patched.body.updated_at,
    });
    expect(patched.body.updated_at > created.updated_at).toBe(true);
    // The instructions' previews in the list follow the instructions that were kept.
    const listed = await app.request<{ clients: Record<string, unknown>[] }>('GET', '/api/clients', {
      token: owner.idToken,
    });
    expect(listed.body.clients.find((client) => client.id === created.id)).toMatchObject({
      newsletter_instructions_preview: 'Friendly, family tone.',
      content_instructions_preview: 'Mention same-day crowns.',
    });
    const renamed = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { name: ' Smile Co ' },
    });
    expect(renamed.body).toMatchObject({
      name: 'Smile Co',
      phone: '(512) 555-0199',
      website: 'https://brightsmile.example',
    });
    const blank = await app.request('PATCH', path, { token: owner.idToken, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.message).toBe('Please enter a client name.');
  });

  it('PATCH works with an API key of someone who may edit the client', async () => {
    const created = await createClient(owner.idToken, fullProfile);
    const minted = await app.request<{ key: string }>('POST', '/api/api-keys', {
      token: owner.idToken,
      body: { name: 'CRM sync' },
    });
    const patched = await app.request<Client>('PATCH', `/api/clients/${created.id}`, {
      token: minted.body.key,
      body: { email: 'front-desk@brightsmile.example' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ email: 'front-desk@brightsmile.example', city: 'Austin' });
  });

  it.each([
    ['PUT', 'a missing name', everyField({ city: 'Austin' })],
    ['PUT', 'a blank name', everyField({ name: '  ' })],
  ])('%s refuses %s with the spec message and changes nothing', async (method, _label, body) => {
    const created = await createClient(owner.idToken, fullProfile);
    const response = await app.request(method, `/api/clients/${created.id}`, { token: owner.idToken, body });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe('Please enter a client name.');
    const read = await app.request<Client>('GET', `/api/clients/${created.id}`, { token: owner.idToken });
    expect(read.body).toEqual(created);
  });

  it('answers 404 for a client that does not exist', async () => {
    for (const method of ['PUT', 'PATCH']) {
      const response = await app.request(method, '/api/clients/01J00000000000000000000000', {
        token: owner.idToken,
        body: everyField({ name: 'Ghost' }),
      });
      expect(response.status, method).toBe(404);
    }
  });
});

describe('WordPress application password', () => {
  const secret = 'abcd EFGH ijkl MNOP qrst UVWX';
  const wordpress = {
    name: 'Summit Roofing',
    wordpress_url: 'https://summitroofing.example',
    wordpress_username: 'editor',
  };

  function expectNoSecret(body: unknown) {
    const text = JSON.stringify(body);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('wordpress_app_password');
    expect(text).not.toContain('cipher');
  }

  it('is write-only, encrypted at rest, kept when absent, cleared by null or blank', async () => {
    const created = await createClient(owner.idToken, { ...wordpress, wordpress_app_password: secret });
    expectNoSecret(created);
    expect(created.wordpress_configured).toBe(true);

    const stored = { data: await findItem(entities().client, { clientId: created.id }) };
    const cipher = stored.data?.wordpress_password_cipher ?? '';
    expect(cipher).not.toContain(secret);
    expect(await decryptSecret(cipher)).toBe(secret);

    const path = `/api/clients/${created.id}`;
    for (const response of [
      await app.request('GET', path, { token: owner.idToken }),
      await app.request('GET', '/api/clients', { token: owner.idToken }),
      await app.request('GET', '/api/clients?fields=id,name,wordpress_configured', { token: owner.idToken }),
    ]) {
      expect(response.status).toBe(200);
      expectNoSecret(response.body);
    }

    const kept = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { ...wordpress, city: 'Boise' },
    });
    expectNoSecret(kept.body);
    expect(kept.body.wordpress_configured).toBe(true);
    const afterKeep = { data: await findItem(entities().client, { clientId: created.id }) };
    expect(afterKeep.data?.wordpress_password_cipher).toBe(cipher);

    const cleared = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { ...wordpress, wordpress_app_password: null },
    });
    expect(cleared.body.wordpress_configured).toBe(false);
    expect(
      (await findItem(entities().client, { clientId: created.id }))?.wordpress_password_cipher,
    ).toBeUndefined();

    const replaced = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { ...wordpress, wordpress_app_password: 'new pass 1234' },
    });
    expect(replaced.body.wordpress_configured).toBe(true);
    const newCipher = (await findItem(entities().client, { clientId: created.id }))
      ?.wordpress_password_cipher;
    expect(await decryptSecret(newCipher ?? '')).toBe('new pass 1234');

    const blank = await app.request<Client>('PATCH', path, {
      token: owner.idToken,
      body: { ...wordpress, wordpress_app_password: '' },
    });
    expect(blank.body.wordpress_configured).toBe(false);
  });

  it('is not configured while the URL or the username is missing', async () => {
    const created = await createClient(owner.idToken, {
      name: 'No URL Co',
      wordpress_username: 'editor',
      wordpress_app_password: secret,
    });
    expect(created.wordpress_configured).toBe(false);
    const completed = await app.request<Client>('PATCH', `/api/clients/${created.id}`, {
      token: owner.idToken,
      body: { name: 'No URL Co', wordpress_username: 'editor', wordpress_url: 'https://nourl.example' },
    });
    expect(completed.body.wordpress_configured).toBe(true);
  });
});

describe('listing clients', () => {
  it('lists the visible clients newest first, with counts, and the lean picker list', async () => {
    const lister = await app.createUser();
    const names = ['Crescent Bakery', 'apex Law Group', 'Blue Door Realty'];
    const created: Client[] = [];
    for (const name of names)
      created.push(await createClient(lister.idToken, { name, website: `https://${name.length}.example` }));

    const list = await app.request<{ clients: Client[] }>('GET', '/api/clients', { token: lister.idToken });
    expect(list.status).toBe(200);
    expect(list.body.clients.map((client) => client.name)).toEqual([...names].reverse());
    expect(list.body.clients.every((client) => client.content_count === 0 && client.access_count === 0)).toBe(
      true,
    );

    const lean = await app.request<{ clients: Record<string, unknown>[] }>(
      'GET',
      '/api/clients?fields=name,website',
      { token: lister.idToken },
    );
    expect(lean.status).toBe(200);
    // Newest first like every page of the list; the pickers put the rows in name order.
    expect(lean.body.clients).toEqual([
      { id: created[2]?.id, name: 'Blue Door Realty', website: created[2]?.website },
      { id: created[1]?.id, name: 'apex Law Group', website: created[1]?.website },
      { id: created[0]?.id, name: 'Crescent Bakery', website: created[0]?.website },
    ]);
  });

  it('refuses an unknown field in the lean list', async () => {
    const response = await app.request('GET', '/api/clients?fields=id,name,wordpress_app_password', {
      token: owner.idToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toContain("'wordpress_app_password'");
  });

  it('shows nobody else’s clients', async () => {
    const mine = await createClient(owner.idToken, { name: 'Private Client' });
    const theirs = await app.request<{ clients: Client[] }>('GET', '/api/clients', {
      token: colleague.idToken,
    });
    expect(theirs.body.clients.map((client) => client.id)).not.toContain(mine.id);
  });
});
