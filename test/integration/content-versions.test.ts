import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { putVersion } from '#functions/content/content-versions';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import type { ContentVersion, ContentVersionPage } from '#shared/content-versions';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * docs/decisions.md, "Versions, review and approval, and the content calendar": every change of an item's
 * title, text or HTML is a version of its own (who, when, what changed, word count), read newest first with
 * one Query; a restore makes a new version equal to the old one; a delete takes the versions with the item
 * and Undo brings them back.
 */

let app: TestRuntime;
let owner: TestUser;
let colleague: TestUser;
let admin: TestUser;
let client: Client;

beforeAll(async () => {
  app = await startTestRuntime();
  [owner, colleague, admin] = await Promise.all([
    app.createUser(),
    app.createUser(),
    app.createUser(undefined, { admin: true }),
  ]);
  const created = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name: 'Versions Bakery', website: 'https://versions-bakery.example' },
  });
  client = created.body;
  const grant = await app.request('POST', `/api/clients/${client.id}/access`, {
    token: owner.idToken,
    body: { email: colleague.email },
  });
  expect(grant.status).toBe(201);
});

afterAll(async () => {
  await app?.stop();
});

const itemPath = (item: Pick<ClientContent, 'id'>) => `/api/clients/${client.id}/content/${item.id}`;

async function save(title: string, text: string): Promise<ClientContent> {
  const response = await app.request<ClientContent>('POST', `/api/clients/${client.id}/content`, {
    token: owner.idToken,
    body: { title, content: text, html_content: `<p>${text}</p>`, content_type: 'blog' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function edit(
  item: ClientContent,
  body: { title?: string; content?: string; html_content?: string; metadata?: Record<string, unknown> },
  user: TestUser = owner,
): Promise<ClientContent> {
  const response = await app.request<ClientContent>('PUT', itemPath(item), {
    token: user.idToken,
    body: { title: item.title, content: item.content, html_content: item.html_content, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function history(item: Pick<ClientContent, 'id'>, query = ''): Promise<ContentVersionPage> {
  const response = await app.request<ContentVersionPage>('GET', `${itemPath(item)}/versions${query}`, {
    token: owner.idToken,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('versions', () => {
  it('starts with the saved version, adds one per change of the words, newest first, and none for metadata', async () => {
    const saved = await save('Sourdough basics', 'Flour water salt');
    expect(saved.status).toBe('draft');
    expect(saved.versionId).toBe(saved.id);

    const first = await history(saved);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      versionId: saved.id,
      title: 'Sourdough basics',
      author: owner.email,
      wordCount: 3,
      source: 'created',
      changed: ['title', 'text', 'html'],
    });

    const retitled = await edit(saved, { title: 'Sourdough basics, revised' }, colleague);
    const reworded = await edit(retitled, {
      content: 'Flour water salt and time',
      html_content: '<p>Flour water salt and time</p>',
    });
    const metadataOnly = await edit(reworded, { metadata: { note: 'checked' } });
    expect(metadataOnly.versionId).toBe(reworded.versionId);
    expect(metadataOnly.metadata).toEqual({ note: 'checked' });

    const { items, next_cursor } = await history(saved);
    expect(next_cursor).toBeNull();
    expect(items.map((version) => version.source)).toEqual(['edit', 'edit', 'created']);
    expect(items[0]).toMatchObject({
      versionId: reworded.versionId,
      author: owner.email,
      wordCount: 5,
      changed: ['text', 'html'],
      previousVersionId: retitled.versionId,
    });
    expect(items[1]).toMatchObject({
      author: colleague.email,
      changed: ['title'],
      title: 'Sourdough basics, revised',
    });
    expect(Date.parse(items[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(items[1]?.createdAt ?? ''),
    );

    const whole = await app.request<ContentVersion>('GET', `${itemPath(saved)}/versions/${saved.id}`, {
      token: owner.idToken,
    });
    expect(whole.body).toMatchObject({
      content: 'Flour water salt',
      html_content: '<p>Flour water salt</p>',
    });
  });

  it('restores an old version as a new one equal to it', async () => {
    const saved = await save('Rye notes', 'Dense and dark');
    const changed = await edit(saved, { content: 'Light and airy', html_content: '<p>Light and airy</p>' });
    const restored = await app.request<ClientContent>(
      'POST',
      `${itemPath(saved)}/versions/${saved.id}/restore`,
      {
        token: owner.idToken,
      },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ content: 'Dense and dark', html_content: '<p>Dense and dark</p>' });
    expect(restored.body.versionId).not.toBe(changed.versionId);
    const { items } = await history(saved);
    expect(items[0]).toMatchObject({
      source: 'restore',
      restoredFrom: saved.id,
      previousVersionId: changed.versionId,
      changed: ['text', 'html'],
    });
    expect(items).toHaveLength(3);
  });

  it('pages a long history with a cursor, and passes over a version whose change never landed', async () => {
    let item = await save('Many drafts', 'Draft 0');
    for (let n = 1; n <= 6; n++) {
      item = await edit(item, { content: `Draft ${n}`, html_content: `<p>Draft ${n}</p>` });
      if (n === 3) {
        // A crash between a version's write and the item's: a version that never became the words.
        await putVersion({
          clientId: client.id,
          contentId: item.id,
          versionId: '01KZZZZZZZZZZZZZZZZZZZZZZZ',
          words: { title: 'Lost', content: 'never saved', html_content: '' },
          source: 'edit',
          author: {},
          changed: ['text'],
          previousVersionId: item.versionId,
          createdAt: new Date().toISOString(),
        });
      }
    }
    const page1 = await history(item, '?limit=3');
    expect(page1.items.map((version) => version.title)).toEqual([
      'Many drafts',
      'Many drafts',
      'Many drafts',
    ]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await history(item, `?limit=3&cursor=${page1.next_cursor}`);
    const page3 = await history(item, `?limit=3&cursor=${page2.next_cursor}`);
    const all = [...page1.items, ...page2.items, ...page3.items];
    expect(all).toHaveLength(7);
    expect(page3.next_cursor).toBeNull();
    expect(all.some((version) => version.title === 'Lost')).toBe(false);
    for (const [index, version] of all.entries()) {
      expect(version.previousVersionId).toBe(all[index + 1]?.versionId);
    }
  });

  it('records the words of an item saved before versions as its first version on its first change', async () => {
    // As items were stored before review and versions: no status, no version.
    const now = new Date().toISOString();
    const saved = { id: ulid(), created_at: now, updated_at: now };
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: requireEnv('tableName'),
        Item: {
          pk: `$lbm#clientid_${client.id.toLowerCase()}`,
          sk: `$content_1#contentid_${saved.id.toLowerCase()}`,
          __edb_e__: 'content',
          __edb_v__: '1',
          clientId: client.id,
          contentId: saved.id,
          title: 'Old item',
          content: 'Stored long ago',
          html_content: '<p>Stored long ago</p>',
          content_type: 'blog',
          metadata: {},
          createdAt: saved.created_at,
          updatedAt: saved.updated_at,
        },
      }),
    );
    const legacy = await app.request<ClientContent>('GET', itemPath(saved), { token: owner.idToken });
    expect(legacy.body.status).toBe('draft');
    expect(legacy.body.versionId).toBeUndefined();
    expect((await history(saved)).items).toEqual([]);
    await edit(legacy.body, { content: 'Edited today', html_content: '<p>Edited today</p>' });
    const { items } = await history(saved);
    expect(items.map((version) => version.source)).toEqual(['edit', 'original']);
    expect(items[1]).toMatchObject({ versionId: saved.id, author: null, wordCount: 3 });
  });

  it('records a tool save made by a generation job, authored by its user', async () => {
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-faq', {
      token: owner.idToken,
      body: { topic: 'Caring for a sourdough starter', clientId: client.id, saveToClient: true },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const job = await waitForJob(app, owner.idToken, queued.body.jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const saved = await app.request<ClientContent>(
      'GET',
      `/api/clients/${client.id}/content/${queued.body.jobId}`,
      {
        token: owner.idToken,
      },
    );
    const { items } = await history(saved.body);
    expect(items).toEqual([
      expect.objectContaining({ versionId: queued.body.jobId, source: 'created', author: owner.email }),
    ]);
  });

  it('deletes the versions with the item, and Undo brings them back', async () => {
    const saved = await save('Short lived', 'One');
    const edited = await edit(saved, { content: 'Two', html_content: '<p>Two</p>' });
    expect((await app.request('DELETE', itemPath(saved), { token: owner.idToken })).status).toBe(204);
    expect((await app.request('GET', `${itemPath(saved)}/versions`, { token: owner.idToken })).status).toBe(
      404,
    );
    const { contentVersion } = await import('#functions/data/entities').then((module) => module.entities());
    const gone = await import('#functions/content/content-versions').then((module) =>
      module.listItemVersions(client.id, saved.id),
    );
    expect(contentVersion.entityName).toBe('contentVersion');
    expect(gone).toEqual([]);

    const restored = await app.request<ClientContent>('POST', `${itemPath(saved)}/restore`, {
      token: owner.idToken,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.versionId).toBe(edited.versionId);
    expect((await history(saved)).items.map((version) => version.versionId)).toEqual([
      edited.versionId,
      saved.id,
    ]);
  });

  it('answers 404 for a version of another item or another client', async () => {
    const a = await save('Item A', 'a');
    const b = await save('Item B', 'b');
    expect(
      (await app.request('GET', `${itemPath(a)}/versions/${b.id}`, { token: owner.idToken })).status,
    ).toBe(404);
    expect(
      (await app.request('POST', `${itemPath(a)}/versions/${b.id}/restore`, { token: owner.idToken })).status,
    ).toBe(404);
    expect(
      (await app.request('GET', `${itemPath(a)}/versions/not-a-ulid`, { token: owner.idToken })).status,
    ).toBe(404);
    expect((await app.request('GET', `${itemPath(a)}/versions`, { token: admin.idToken })).status).toBe(200);
  });
});
