import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import type { Client } from '#shared/client';
import type { ClientPage, ClientSummary } from '#shared/client-list';
import { clientPageSchema, clientSummarySchema } from '#shared/public-api-schemas';
import * as z from '#shared/validation/zod';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * GET /api/clients through the local gateway (docs/decisions.md, "The local API keeps up"): the cards'
 * summary by default, `fields=full`, keyset pages that follow `next_cursor`, across created and granted
 * clients and for admins, and a 400 that names the parameter for every malformed query.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
});

afterAll(async () => {
  await app?.stop();
});

async function createClient(token: string, body: Record<string, unknown>): Promise<Client> {
  const response = await app.request<Client>('POST', '/api/clients', { token, body });
  expect(response.status).toBe(201);
  return response.body;
}

async function page<Item = ClientSummary>(token: string, query = ''): Promise<ClientPage<Item>> {
  const response = await app.request<ClientPage<Item>>('GET', `/api/clients${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Follows next_cursor to the end, checking that only the last page goes without one. */
async function allPages(
  token: string,
  limit: number,
  fields?: string,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({ limit: String(limit) });
    if (fields) query.set('fields', fields);
    if (cursor) query.set('cursor', cursor);
    const current: ClientPage<{ id: string }> = await page(token, `?${query}`);
    pages += 1;
    expect(current.clients.length).toBeLessThanOrEqual(limit);
    if (current.next_cursor) expect(current.clients).toHaveLength(limit);
    ids.push(...current.clients.map((client) => client.id));
    cursor = current.next_cursor;
  } while (cursor);
  return { ids, pages };
}

const long = (word: string) => `${word} `.repeat(80).trim();

const store = () => dynamoDocumentClient();
const clientKey = (id: string) => ({ pk: `$lbm#clientid_${id.toLowerCase()}`, sk: '$client_1' });

/** The client item as DynamoDB holds it. */
async function storedClient(id: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await store().send(
    new GetCommand({ TableName: requireEnv('tableName'), Key: clientKey(id), ConsistentRead: true }),
  );
  return Item;
}

describe('the list of clients', () => {
  it('serves the cards their summary: previews instead of instructions, no WordPress details', async () => {
    const user = await app.createUser();
    const created = await createClient(user.idToken, {
      name: 'Bright Smile Dental',
      company_name: 'Bright Smile Dental LLC',
      owner: 'Dr. Maya Patel',
      email: 'hello@brightsmile.example',
      phone: '(512) 555-0148',
      website: 'https://brightsmile.example',
      city: 'Austin',
      state: 'TX',
      newsletter_instructions: long('friendly'),
      content_instructions: 'Mention same-day crowns.',
      wordpress_url: 'https://brightsmile.example',
      wordpress_username: 'editor',
      wordpress_app_password: 'abcd efgh ijkl mnop',
    });
    const { clients, next_cursor } = await page(user.idToken);
    expect(next_cursor).toBeNull();
    expect(clients).toHaveLength(1);
    const [summary] = clients;
    expect(summary).toEqual({
      id: created.id,
      name: 'Bright Smile Dental',
      company_name: 'Bright Smile Dental LLC',
      owner: 'Dr. Maya Patel',
      email: 'hello@brightsmile.example',
      phone: '(512) 555-0148',
      website: 'https://brightsmile.example',
      facebook: null,
      linkedin: null,
      gbp: null,
      address: null,
      city: 'Austin',
      state: 'TX',
      postal_code: null,
      country: null,
      created_by: user.userId,
      created_at: created.created_at,
      updated_at: created.updated_at,
      wordpress_configured: true,
      content_count: 0,
      access_count: 0,
      require_approval: false,
      approval_steps: 'none',
      budget: null,
      monthToDateUsd: 0,
      newsletter_instructions_preview: `${long('friendly').slice(0, 200).trimEnd()}...`,
      press_release_instructions_preview: null,
      content_instructions_preview: 'Mention same-day crowns.',
    });

    // The reply is what the OpenAPI document describes.
    expect(z.strictObject(clientSummarySchema.shape).safeParse(summary).success).toBe(true);
    expect(clientPageSchema.safeParse({ clients, next_cursor }).success).toBe(true);

    // The full profile: with ?fields=full, and from the single-client read.
    const full = await page<Client>(user.idToken, '?fields=full');
    expect(full.clients).toEqual([created]);
    expect(clientPageSchema.safeParse(full).success).toBe(true);
    const single = await app.request<Client>('GET', `/api/clients/${created.id}`, { token: user.idToken });
    expect(single.body).toEqual(created);
    expect(single.body.newsletter_instructions).toBe(long('friendly'));
  });

  it('pages newest first: every client once, the last page without a cursor', async () => {
    const user = await app.createUser();
    const created: Client[] = [];
    for (let index = 0; index < 7; index += 1) {
      created.push(await createClient(user.idToken, { name: `Paged Client ${index}` }));
    }
    const newestFirst = created.map((client) => client.id).reverse();

    expect(await allPages(user.idToken, 3)).toEqual({ ids: newestFirst, pages: 3 });
    expect(await allPages(user.idToken, 7)).toEqual({ ids: newestFirst, pages: 1 });
    expect(await allPages(user.idToken, 1, 'full')).toEqual({ ids: newestFirst, pages: 7 });
    expect(await allPages(user.idToken, 100, 'name')).toEqual({ ids: newestFirst, pages: 1 });

    // A client deleted between two pages does not shift the ones still to come.
    const first = await page(user.idToken, '?limit=3');
    expect(first.next_cursor).toEqual(expect.any(String));
    const gone = newestFirst[3] ?? '';
    expect((await app.request('DELETE', `/api/clients/${gone}`, { token: user.idToken })).status).toBe(204);
    const second = await page(user.idToken, `?limit=3&cursor=${first.next_cursor}`);
    expect(second.clients.map((client) => client.id)).toEqual(newestFirst.slice(4, 7));
    expect(second.next_cursor).toBeNull();
  });

  it('pages through created and granted clients together, and through every client for an admin', async () => {
    const mine: Client[] = [];
    for (let index = 0; index < 4; index += 1) {
      // Interleaved: the colleague's own clients and ones the owner grants them.
      mine.push(await createClient(colleague.idToken, { name: `Colleague Own ${index}` }));
      const shared = await createClient(owner.idToken, { name: `Owner Shared ${index}` });
      const grant = await app.request('POST', `/api/clients/${shared.id}/access`, {
        token: owner.idToken,
        body: { email: colleague.email },
      });
      expect(grant.status).toBe(201);
      mine.push(shared);
    }
    await createClient(owner.idToken, { name: 'Owner Private' });

    const everything = await page(colleague.idToken, '?limit=100');
    const expected = mine.map((client) => client.id).reverse();
    expect(everything.clients.map((client) => client.id)).toEqual(expected);
    expect(everything.clients.filter((client) => client.name.startsWith('Owner Shared'))).toHaveLength(4);
    for (const limit of [1, 2, 3, 5]) {
      expect((await allPages(colleague.idToken, limit)).ids, `limit ${limit}`).toEqual(expected);
    }

    const adminAll = await page(admin.idToken, '?limit=100');
    expect(adminAll.next_cursor).toBeNull();
    expect((await allPages(admin.idToken, 4)).ids).toEqual(adminAll.clients.map((client) => client.id));
    expect(adminAll.clients.map((client) => client.name)).toContain('Owner Private');
  });

  it('checks visibility on every page: a cursor shows nobody else’s clients', async () => {
    const stranger = await app.createUser();
    const ownerFirst = await page(owner.idToken, '?limit=1');
    expect(ownerFirst.next_cursor).toEqual(expect.any(String));
    const borrowed = await page(stranger.idToken, `?cursor=${ownerFirst.next_cursor}`);
    expect(borrowed).toEqual({ clients: [], next_cursor: null });
  });

  it('serves 50 by default and at most 100 a page', async () => {
    const user = await app.createUser();
    await Promise.all(
      Array.from({ length: 51 }, (_, index) => createClient(user.idToken, { name: `Many ${index}` })),
    );
    const first = await page(user.idToken);
    expect(first.clients).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await page(user.idToken, `?cursor=${first.next_cursor}`);
    expect(rest.clients).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect((await page(user.idToken, '?limit=100')).clients).toHaveLength(51);
  });

  it('searches on the server: a match on a later page, the same cursors, and only clients the caller sees', async () => {
    const user = await app.createUser();
    const stranger = await app.createUser();
    // The match is the oldest of the user's clients, so unsearched it is on the last page of three.
    const needle = await createClient(user.idToken, {
      name: 'Zephyr Roofing',
      city: 'Springfield',
      website: 'https://zephyr-roofs.example',
    });
    const granted = await createClient(owner.idToken, { name: 'Owner Zephyr Shared' });
    const grant = await app.request('POST', `/api/clients/${granted.id}/access`, {
      token: owner.idToken,
      body: { email: user.email },
    });
    expect(grant.status).toBe(201);
    for (let index = 0; index < 6; index += 1) {
      await createClient(user.idToken, { name: `Plain Client ${index}` });
    }
    // Another user's client that matches: never in the user's results.
    await createClient(stranger.idToken, { name: 'Stranger Zephyr' });

    const unsearched = await allPages(user.idToken, 3);
    expect(unsearched.pages).toBe(3);
    expect(unsearched.ids.at(-1)).toBe(needle.id);

    const found = await page(user.idToken, `?limit=3&search=${encodeURIComponent('  zEPHYR ')}`);
    expect(found.clients.map((client) => client.name)).toEqual(['Owner Zephyr Shared', 'Zephyr Roofing']);
    expect(found.next_cursor).toBeNull();
    // The business details match as well as the name, and a search pages with next_cursor.
    expect((await page(user.idToken, '?search=springfield')).clients.map((client) => client.id)).toEqual([
      needle.id,
    ]);
    expect((await page(user.idToken, '?search=zephyr-roofs.example')).clients).toHaveLength(1);
    const first = await page(user.idToken, '?limit=1&search=zephyr');
    expect(first.clients.map((client) => client.id)).toEqual([granted.id]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await page(user.idToken, `?limit=1&search=zephyr&cursor=${first.next_cursor}`);
    expect(second).toEqual({ clients: [expect.objectContaining({ id: needle.id })], next_cursor: null });
    // With a field list too, and the instructions are not searched.
    expect(
      (await page<{ id: string }>(user.idToken, '?fields=name&search=plain client')).clients,
    ).toHaveLength(6);
    expect((await page(user.idToken, '?search=nothing-matches-this')).clients).toEqual([]);

    const strangers = await page(stranger.idToken, '?search=zephyr');
    expect(strangers.clients.map((client) => client.name)).toEqual(['Stranger Zephyr']);
    const admins = await page(admin.idToken, '?limit=1000&search=zephyr');
    expect(admins.clients.map((client) => client.name)).toEqual(
      expect.arrayContaining(['Stranger Zephyr', 'Owner Zephyr Shared', 'Zephyr Roofing']),
    );
  });

  it('reads the previews stored with the instructions, and lists an item stored without them the same', async () => {
    const user = await app.createUser();
    const created = await createClient(user.idToken, {
      name: 'Stored Previews Spa',
      newsletter_instructions: long('calm'),
      press_release_instructions: 'Quote the founder.',
    });
    const raw = await storedClient(created.id);
    expect(raw?.instructionPreviews).toEqual({
      newsletter_instructions: `${long('calm').slice(0, 200).trimEnd()}...`,
      press_release_instructions: 'Quote the founder.',
    });
    const before = await app.request('GET', '/api/clients', { token: user.idToken });
    expect((before.body.clients as ClientSummary[])[0]).toMatchObject({
      newsletter_instructions_preview: `${long('calm').slice(0, 200).trimEnd()}...`,
      press_release_instructions_preview: 'Quote the founder.',
      content_instructions_preview: null,
    });

    // An edit rewrites them: a changed text, a cleared one, a new one.
    const edited = await app.request<Client>('PATCH', `/api/clients/${created.id}`, {
      token: user.idToken,
      body: {
        name: 'Stored Previews Spa',
        newsletter_instructions: 'Short now.',
        press_release_instructions: null,
        content_instructions: 'New.',
      },
    });
    expect(edited.status).toBe(200);
    expect((await storedClient(created.id))?.instructionPreviews).toEqual({
      newsletter_instructions: 'Short now.',
      content_instructions: 'New.',
    });
    const afterEdit = await app.request('GET', '/api/clients', { token: user.idToken });
    expect((afterEdit.body.clients as ClientSummary[])[0]).toMatchObject({
      newsletter_instructions_preview: 'Short now.',
      press_release_instructions_preview: null,
      content_instructions_preview: 'New.',
    });

    // An item written before previews were stored: the same reply, byte for byte, for its creator, a
    // granted colleague (BatchGet) and an admin (the all-clients index).
    const grant = await app.request('POST', `/api/clients/${created.id}/access`, {
      token: user.idToken,
      body: { email: colleague.email },
    });
    expect(grant.status).toBe(201);
    const cardOf = async (token: string) => {
      const response = await fetch(`${app.url}/api/clients?limit=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      const { clients } = JSON.parse(text) as ClientPage<ClientSummary>;
      const card = clients.find((client) => client.id === created.id);
      return { card, json: JSON.stringify(card) };
    };
    const withPreviews = await Promise.all([user, colleague, admin].map((who) => cardOf(who.idToken)));
    await store().send(
      new UpdateCommand({
        TableName: requireEnv('tableName'),
        Key: clientKey(created.id),
        UpdateExpression: 'REMOVE instructionPreviews',
      }),
    );
    expect((await storedClient(created.id))?.instructionPreviews).toBeUndefined();
    const withoutPreviews = await Promise.all([user, colleague, admin].map((who) => cardOf(who.idToken)));
    for (const [index, card] of withoutPreviews.entries()) {
      expect(card.card).toMatchObject({ newsletter_instructions_preview: 'Short now.' });
      expect(card.json).toBe(withPreviews[index]?.json);
    }
  });

  it.each([
    ['?limit=0', 'limit: must be at least 1'],
    ['?limit=1001', 'limit: must be at most 1000'],
    ['?limit=2.5', 'limit: must be a whole number'],
    ['?cursor=not-a-cursor', 'cursor: invalid cursor; use next_cursor from the previous page'],
    ['?fields=name,colour', "fields: unknown client field 'colour'"],
    ['?fields=full,name', "fields: 'full' already includes every field; send it alone"],
    ['?fields=', 'fields: list at least one client field'],
    [`?search=${'a'.repeat(201)}`, 'search: must be at most 200 characters'],
  ])('answers %s with a 400 naming the problem', async (query, message) => {
    const response = await app.request('GET', `/api/clients${query}`, { token: owner.idToken });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toContain(message);
  });
});
