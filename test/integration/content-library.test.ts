import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { saveContentOnce } from '#functions/content/content-saves';
import { partitionKey, sortKey } from '#functions/data/item-keys';
import type { Activity } from '#shared/activity';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { ContentSummary, ContentSummaryPage } from '#shared/content-summary';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

let app: TestRuntime;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, admin] = await Promise.all([app.createUser(), app.createUser(undefined, { admin: true })]);
});

afterAll(async () => {
  await app?.stop();
});

type Page = ContentSummaryPage;

async function newClient(name: string): Promise<Client> {
  const response = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function save(clientId: string, body: Record<string, unknown>): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
    token: owner.idToken,
    body: { content: 'Plain text', html_content: '<p>Plain text</p>', ...body },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const countOf = async (clientId: string) =>
  (await app.request<Client>('GET', `/api/clients/${clientId}`, { token: owner.idToken })).body.content_count;

const hostile =
  '<h2 onclick="steal()">Spring offers</h2><script>alert(1)</script>' +
  '<p style="color:#1a73e8;position:fixed">Book <a href="javascript:alert(1)">now</a></p>' +
  '<iframe src="https://evil.example"></iframe><img src=x onerror=alert(2)>';
const cleaned = '<h2>Spring offers</h2><p style="color:#1a73e8">Book <a>now</a></p><img src="x" />';

describe('saving and editing content', () => {
  it('sanitizes HTML on POST, counts the item, and records the save', async () => {
    const client = await newClient('Sanitize Bakery');
    const saved = await save(client.id, {
      title: '  Spring newsletter ',
      html_content: hostile,
      content_type: 'newsletter',
      metadata: { topic: 'spring', model: 'gpt-4o', wordCount: 4 },
    });
    expect(saved).toMatchObject({
      client_id: client.id,
      title: 'Spring newsletter',
      content: 'Plain text',
      html_content: cleaned,
      content_type: 'newsletter',
      metadata: { topic: 'spring', model: 'gpt-4o', wordCount: 4 },
    });
    expect(saved.created_at).toBe(saved.updated_at);
    expect(await countOf(client.id)).toBe(1);

    const read = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${saved.id}`, {
      token: owner.idToken,
    });
    expect(read.body).toEqual(saved);

    const feed = await app.request<{ activities: Activity[] }>('GET', '/api/activities', {
      token: admin.idToken,
    });
    expect(feed.body.activities.find((activity) => activity.resource_id === saved.id)).toMatchObject({
      action: 'client_content_save',
      resource_type: 'client_content',
      user_email: owner.email,
      details: { client_id: client.id, client_name: 'Sanitize Bakery', content_type: 'newsletter' },
    });
  });

  it('sanitizes HTML on PUT and sets a new updated_at, keeping created_at and, when absent, metadata', async () => {
    const client = await newClient('Edit Dental');
    const saved = await save(client.id, {
      title: 'FAQ',
      content_type: 'faq',
      metadata: { questionCount: 8 },
    });
    const updated = await app.request<ClientContent>('PUT', `/api/clients/${client.id}/content/${saved.id}`, {
      token: owner.idToken,
      body: { title: ' Updated FAQ ', content: 'New text', html_content: hostile },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: saved.id,
      title: 'Updated FAQ',
      content: 'New text',
      html_content: cleaned,
      metadata: { questionCount: 8 },
      created_at: saved.created_at,
      content_type: 'faq',
    });
    expect(updated.body.updated_at > saved.updated_at).toBe(true);

    const withMetadata = await app.request<ClientContent>(
      'PUT',
      `/api/clients/${client.id}/content/${saved.id}`,
      {
        token: owner.idToken,
        body: { title: 'FAQ', content: '', html_content: '', metadata: { wordpress_id: 12 } },
      },
    );
    expect(withMetadata.body.metadata).toEqual({ wordpress_id: 12 });
  });

  it('stores the text and the HTML as sent: an edited text never rebuilds the HTML', async () => {
    const client = await newClient('Step Roofing');
    const saved = await save(client.id, {
      title: 'Newsletter',
      content_type: 'newsletter',
      content: 'Old words',
      html_content: '<h1>Roofs</h1><p>Old words</p>',
    });
    const put = (body: Record<string, unknown>) =>
      app.request<ClientContent>('PUT', `/api/clients/${client.id}/content/${saved.id}`, {
        token: owner.idToken,
        body: { title: 'Newsletter', ...body },
      });

    const textOnly = await put({ content: 'New words\n\nA <second> part', html_content: saved.html_content });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body.content).toBe('New words\n\nA <second> part');
    expect(textOnly.body.html_content).toBe('<h1>Roofs</h1><p>Old words</p>');

    const both = await put({ content: 'Third words', html_content: '<p>Hand-made HTML</p>' });
    expect(both.body).toMatchObject({ content: 'Third words', html_content: '<p>Hand-made HTML</p>' });
  });

  it.each([
    ['a blank title', { title: '  ', content: '', html_content: '' }],
    ['a missing html_content', { title: 'x', content: '' }],
  ])('refuses an update with %s', async (_label, body) => {
    const client = await newClient('Validation Law');
    const saved = await save(client.id, { title: 'Release', content_type: 'press_release' });
    const response = await app.request('PUT', `/api/clients/${client.id}/content/${saved.id}`, {
      token: owner.idToken,
      body,
    });
    expect(response.status).toBe(400);
  });

  it('refuses an unknown content type and content DynamoDB could not store', async () => {
    const client = await newClient('Limits Co');
    const badType = await app.request('POST', `/api/clients/${client.id}/content`, {
      token: owner.idToken,
      body: { title: 'x', content_type: 'poem' },
    });
    expect(badType.status).toBe(400);
    const huge = await app.request('POST', `/api/clients/${client.id}/content`, {
      token: owner.idToken,
      body: { title: 'Huge', content_type: 'blog', content: 'word '.repeat(90_000) },
    });
    expect(huge.status).toBe(413);
    expect(await countOf(client.id)).toBe(0);
  });
});

describe('listing the library', () => {
  it('pages newest first with an opaque cursor, and filters by type', async () => {
    const client = await newClient('Paging Realty');
    const types = ['blog', 'newsletter', 'blog', 'faq', 'blog', 'press_release', 'blog'] as const;
    const saved: ClientContent[] = [];
    for (const [index, type] of types.entries())
      saved.push(await save(client.id, { title: `Item ${index}`, content_type: type }));
    const newestFirst = saved.map((item) => item.id).reverse();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const page = await app.request<Page>('GET', `/api/clients/${client.id}/content${query}`, {
        token: owner.idToken,
      });
      expect(page.status).toBe(200);
      expect(page.body.content.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.content.map((item) => item.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(3);

    const exact = await app.request<Page>('GET', `/api/clients/${client.id}/content?limit=7`, {
      token: owner.idToken,
    });
    expect(exact.body.content).toHaveLength(7);
    expect(exact.body.next_cursor).toBeNull();

    const all = await app.request<Page>('GET', `/api/clients/${client.id}/content`, { token: owner.idToken });
    expect(all.body.content.map((item) => item.id)).toEqual(newestFirst);

    const blogs = await app.request<Page>('GET', `/api/clients/${client.id}/content?type=blog&limit=2`, {
      token: owner.idToken,
    });
    const blogIds = saved
      .filter((item) => item.content_type === 'blog')
      .map((item) => item.id)
      .reverse();
    expect(blogs.body.content.map((item) => item.id)).toEqual(blogIds.slice(0, 2));
    const moreBlogs = await app.request<Page>(
      'GET',
      `/api/clients/${client.id}/content?type=blog&limit=2&cursor=${blogs.body.next_cursor}`,
      { token: owner.idToken },
    );
    expect(moreBlogs.body.content.map((item) => item.id)).toEqual(blogIds.slice(2, 4));
    expect(moreBlogs.body.next_cursor).toBeNull();
  });

  it.each([
    ['limit=0', 400],
    ['limit=5001', 400],
    ['limit=5000', 200],
    ['type=poem', 400],
    ['cursor=garbage', 400],
  ])('answers ?%s with %i', async (query, status) => {
    const client = await newClient('Query Co');
    const response = await app.request('GET', `/api/clients/${client.id}/content?${query}`, {
      token: owner.idToken,
    });
    expect(response.status).toBe(status);
  });

  it('never lets a cursor reach into another client', async () => {
    const first = await newClient('Cursor One');
    const second = await newClient('Cursor Two');
    for (let index = 0; index < 3; index++)
      await save(first.id, { title: `One ${index}`, content_type: 'blog' });
    await save(second.id, { title: 'Two', content_type: 'blog' });
    const page = await app.request<Page>('GET', `/api/clients/${first.id}/content?limit=1`, {
      token: owner.idToken,
    });
    const foreign = await app.request<Page>(
      'GET',
      `/api/clients/${second.id}/content?cursor=${page.body.next_cursor}`,
      { token: owner.idToken },
    );
    expect(foreign.status).toBe(200);
    expect(foreign.body.content.every((item) => item.client_id === second.id)).toBe(true);
  });
});

describe('the list carries summaries', () => {
  const listed = async (clientId: string): Promise<ContentSummary | undefined> =>
    (await app.request<Page>('GET', `/api/clients/${clientId}/content`, { token: owner.idToken })).body
      .content[0];

  it('lists what a card shows, never the text, HTML or metadata, and follows every change', async () => {
    const client = await newClient('Summary Roofing');
    const image = `/api/media/${owner.userId}/${ulid()}/image-1.png`;
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const saved = await save(client.id, {
      title: 'Roof checklist',
      content: '',
      html_content: `<h2>Spring   roof</h2><p>${words}</p><figure><img src="${image}" alt="Roof"></figure>`,
      content_type: 'blog',
      metadata: {
        model: 'gpt-4.1-2025-04-14',
        wordpress_id: 41,
        wordpress_url: 'https://roof.example/?p=41',
      },
    });
    const summary = await listed(client.id);
    expect(summary).toEqual({
      id: saved.id,
      client_id: client.id,
      title: 'Roof checklist',
      content_type: 'blog',
      created_at: saved.created_at,
      updated_at: saved.updated_at,
      status: saved.status,
      // The decisions, for the card's approval marks (an administrator's override among them).
      approvals: [],
      ...(saved.versionId ? { versionId: saved.versionId } : {}),
      preview: `Spring roof ${words}`.slice(0, 200).trimEnd().concat('...'),
      word_count: 62,
      thumbnails: [image],
      wordpress: { id: 41, url: 'https://roof.example/?p=41', status: null, date: null, categories: [] },
    });
    expect(Object.keys(summary ?? {})).not.toContain('html_content');

    // An edit changes the preview and the count; the full item still comes from GET …/content/{id}.
    const updated = await app.request<ClientContent>('PUT', `/api/clients/${client.id}/content/${saved.id}`, {
      token: owner.idToken,
      body: { title: 'Roof checklist', content: 'Two words', html_content: '<p>Two words</p>' },
    });
    expect(updated.status).toBe(200);
    expect(await listed(client.id)).toMatchObject({
      preview: 'Two words',
      word_count: 2,
      thumbnails: [],
      wordpress: { id: 41 },
      updated_at: updated.body.updated_at,
    });
    const whole = await app.request<ClientContent>('GET', `/api/clients/${client.id}/content/${saved.id}`, {
      token: owner.idToken,
    });
    expect(whole.body).toMatchObject({ content: 'Two words', html_content: '<p>Two words</p>' });
  });

  it('summarizes an item stored before summaries were, exactly as a stored summary reads', async () => {
    const client = await newClient('Older Plumbing');
    const saved = await save(client.id, {
      title: 'Older',
      content: 'Pipes and drains.',
      content_type: 'faq',
    });
    const before = await listed(client.id);
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: requireEnv('tableName'),
        Key: {
          pk: partitionKey([['clientId', client.id]]),
          sk: sortKey('content', [['contentId', saved.id]]),
        },
        UpdateExpression: 'REMOVE summary',
        ConditionExpression: 'attribute_exists(summary)',
      }),
    );
    expect(JSON.stringify(await listed(client.id))).toBe(JSON.stringify(before));
  });
});

describe('searching the library', () => {
  it('lists the items whose title or text holds the words, any case, over every page, within a type', async () => {
    const client = await newClient('Search Heating');
    const filler = Array.from({ length: 120 }, (_, index) => `filler${index}`).join(' ');
    const deep = await save(client.id, {
      title: 'Winter care',
      // Past the 200-character preview: only the server holds these words.
      content: `${filler} Flush the Water Heater once a year.`,
      html_content: `<p>${filler} Flush the Water Heater once a year.</p>`,
      content_type: 'blog',
    });
    const titled = await save(client.id, { title: 'Water heater checklist', content_type: 'faq' });
    const htmlOnly = await save(client.id, {
      title: 'Pipes',
      content: '',
      html_content: '<p>Our <b>water   heater</b> guide</p>',
      content_type: 'blog',
    });
    await save(client.id, { title: 'Roofing', content: 'Nothing about that here.', content_type: 'blog' });
    const search = async (query: string) => {
      const ids: string[] = [];
      let cursor = '';
      do {
        const page = await app.request<Page>(
          'GET',
          `/api/clients/${client.id}/content?${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
          { token: owner.idToken },
        );
        expect(page.status).toBe(200);
        ids.push(...page.body.content.map((item) => item.id));
        cursor = page.body.next_cursor ?? '';
      } while (cursor);
      return ids;
    };
    // Newest first, one a page: the cursor carries the search on past the items that do not match.
    expect(await search('search=WATER%20heater')).toEqual([htmlOnly.id, titled.id, deep.id]);
    expect(await search('search=%20water%20heater%20&type=faq')).toEqual([titled.id]);
    // An item stored without text is searched in the text of its HTML, spaces as they read.
    expect(await search('search=heater%20guide')).toEqual([htmlOnly.id]);
    expect(await search('search=no%20such%20words')).toEqual([]);
    const tooLong = await app.request('GET', `/api/clients/${client.id}/content?search=${'a'.repeat(201)}`, {
      token: owner.idToken,
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('deleting and restoring content', () => {
  it('deletes at once, keeps the count right, and restore (idempotent) brings the item back', async () => {
    const client = await newClient('Undo Plumbing');
    const kept = await save(client.id, { title: 'Kept', content_type: 'blog' });
    const doomed = await save(client.id, { title: 'Doomed', content_type: 'newsletter' });
    expect(await countOf(client.id)).toBe(2);

    const path = `/api/clients/${client.id}/content/${doomed.id}`;
    expect((await app.request('DELETE', path, { token: owner.idToken })).status).toBe(204);
    expect((await app.request('GET', path, { token: owner.idToken })).status).toBe(404);
    expect((await app.request('DELETE', path, { token: owner.idToken })).status).toBe(404);
    expect(await countOf(client.id)).toBe(1);
    const list = await app.request<Page>('GET', `/api/clients/${client.id}/content`, {
      token: owner.idToken,
    });
    expect(list.body.content.map((item) => item.id)).toEqual([kept.id]);

    const restored = await app.request<ClientContent>('POST', `${path}/restore`, { token: owner.idToken });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(doomed);
    expect(await countOf(client.id)).toBe(2);
    expect((await app.request('POST', `${path}/restore`, { token: owner.idToken })).status).toBe(404);
    expect(await countOf(client.id)).toBe(2);
  });
});

describe('saveContentOnce (generation engine)', () => {
  it('saves a redelivered job once, counts it once, and sanitizes its HTML', async () => {
    const client = await newClient('Engine Co');
    const input = {
      contentId: ulid(),
      clientId: client.id,
      createdBy: owner.userId,
      title: 'Newsletter - Jan 5, 2026',
      content: 'Text',
      html_content: '<p>Hi</p><script>x()</script>',
      content_type: 'newsletter' as const,
      metadata: { model: 'offline' },
    };
    const first = await saveContentOnce(input);
    const second = await saveContentOnce({ ...input, title: 'Changed on redelivery' });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.content).toEqual(first.content);
    expect(first.content.html_content).toBe('<p>Hi</p>');
    expect(await countOf(client.id)).toBe(1);
  });

  it('refuses to save into a client that does not exist, leaving nothing behind', async () => {
    await expect(
      saveContentOnce({
        contentId: ulid(),
        clientId: ulid(),
        createdBy: owner.userId,
        title: 't',
        content: '',
        html_content: '',
        content_type: 'blog',
        metadata: {},
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
