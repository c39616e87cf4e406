import { ListObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import { handler, type MigrationCounts } from '#functions/trash/migrate-s3-trash';
import {
  discardTrash,
  importIntoTrash,
  putInTrash,
  readTrash,
  TRASH_RETENTION_DAYS,
  type TrashEntry,
  trashKeys,
} from '#functions/trash/trash-bin';
import type { Client } from '#shared/client';
import type { ClientContent } from '#shared/content';
import * as z from '#shared/validation/zod';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

/**
 * The one-time copy of the trash snapshots earlier versions wrote to the media bucket (plain JSON objects
 * under trash/) into the table (functions/trash/migrate-s3-trash.ts), against s3rver and dynalite. The
 * old objects are made the way the old code made them: a real delete's snapshot, written to the bucket
 * as JSON under the slot's name (the envelope did not change), and removed from the table, as if the
 * delete had happened before the deploy.
 */

let app: TestRuntime;
let owner: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  owner = await app.createUser();
});

afterAll(async () => {
  await app?.stop();
});

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const bucket = () => requireEnv('mediaBucket');

/** What the S3 trash bin of earlier versions did: PutObject of the entry as JSON. */
async function putOldSnapshot(key: string, body: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: 'application/json' }),
  );
}

/** Moves a delete's snapshot from the table to the bucket, as if made before the deploy. */
async function moveToS3(key: string, deletedAt: string): Promise<TrashEntry<unknown>> {
  const entry = await readTrash(key, z.unknown());
  if (!entry) throw new Error(`No snapshot at ${key}`);
  const old = { ...entry, deletedAt };
  await putOldSnapshot(key, JSON.stringify(old));
  await discardTrash(key);
  expect(await readTrash(key, z.unknown())).toBeNull();
  return old;
}

async function createClient(name: string): Promise<Client> {
  const created = await app.request<Client>('POST', '/api/clients', {
    token: owner.idToken,
    body: { name, city: 'Portland' },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function saveContent(clientId: string, title: string): Promise<ClientContent> {
  const saved = await app.request<ClientContent>('POST', `/api/clients/${clientId}/content`, {
    token: owner.idToken,
    body: { title, content: 'Text', html_content: '<p>Text</p>', content_type: 'newsletter' },
  });
  expect(saved.status).toBe(201);
  return saved.body;
}

async function deleteClient(clientId: string): Promise<void> {
  expect((await app.request('DELETE', `/api/clients/${clientId}`, { token: owner.idToken })).status).toBe(
    204,
  );
}

const restoreClient = (clientId: string) =>
  app.request<Client>('POST', `/api/clients/${clientId}/restore`, { token: owner.idToken });

async function headExpiry(key: string): Promise<unknown> {
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({ TableName: requireEnv('tableName'), Key: { pk: `trash#${key}`, sk: 'head' } }),
  );
  return Item?.expiresAt;
}

async function s3TrashKeys(): Promise<string[]> {
  const keys: string[] = [];
  let marker: string | undefined;
  do {
    // Version 1 with a marker: s3rver cannot make version 2's continuation tokens on Node 20 (DES).
    const page = await s3Client().send(
      new ListObjectsCommand({ Bucket: bucket(), Prefix: 'trash/', Marker: marker }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    marker = page.IsTruncated ? keys.at(-1) : undefined;
  } while (marker);
  return keys;
}

const runMigration = (): Promise<MigrationCounts> => handler();

describe('copying the S3 trash snapshots into the table', () => {
  let kept: Client;
  let keptBefore: Client;
  let holder: Client;
  let item: ClientContent;
  let expired: Client;
  let newer: Client;
  let newerBefore: Client;
  let clientDeletedAt: string;

  beforeAll(async () => {
    // A client with its library, deleted 3 days before the deploy: the one to bring back.
    kept = await createClient('Harbor Law Group');
    await saveContent(kept.id, 'Harbor newsletter');
    keptBefore = (await app.request<Client>('GET', `/api/clients/${kept.id}`, { token: owner.idToken })).body;
    await deleteClient(kept.id);
    clientDeletedAt = daysAgo(3);
    await moveToS3(trashKeys.client(kept.id), clientDeletedAt);

    // A library item deleted 10 days before; its client stays.
    holder = await createClient('Cedar Dental');
    item = await saveContent(holder.id, 'Spring checkup reminders');
    const removed = await app.request('DELETE', `/api/clients/${holder.id}/content/${item.id}`, {
      token: owner.idToken,
    });
    expect(removed.status).toBe(204);
    await moveToS3(trashKeys.content(holder.id, item.id), daysAgo(10));

    // Deleted 31 days before: past retention, nothing to restore.
    expired = await createClient('Expired Bakery');
    await deleteClient(expired.id);
    await moveToS3(trashKeys.client(expired.id), daysAgo(TRASH_RETENTION_DAYS + 1));

    // Deleted again after the deploy: the table's snapshot is newer than the bucket's copy of the slot.
    newer = await createClient('Northside Plumbing');
    newerBefore = (await app.request<Client>('GET', `/api/clients/${newer.id}`, { token: owner.idToken }))
      .body;
    await deleteClient(newer.id);
    const current = await readTrash(trashKeys.client(newer.id), z.unknown());
    const payload = z.looseObject({ client: z.looseObject({ name: z.string() }) }).parse(current?.payload);
    await putOldSnapshot(
      trashKeys.client(newer.id),
      JSON.stringify({
        ...current,
        deletedAt: daysAgo(5),
        payload: { ...payload, client: { ...payload.client, name: 'Stale name' } },
      }),
    );

    // Not a snapshot at all.
    await putOldSnapshot('trash/clients/01JUNKJUNKJUNKJUNKJUNKJUNK.json', '{"kind":"client",');
  });

  it('copies what is within retention, skips the rest, and counts each', async () => {
    expect(await runMigration()).toEqual({
      migrated: 2,
      alreadyPresent: 1,
      expired: 1,
      unreadable: 1,
      failed: 0,
    });
    // The copy expires when the original delete would have, not 30 days after the deploy.
    expect(await headExpiry(trashKeys.client(kept.id))).toBe(
      Math.floor(Date.parse(clientDeletedAt) / 1000) + TRASH_RETENTION_DAYS * 86_400,
    );
    expect(await readTrash(trashKeys.client(expired.id), z.unknown())).toBeNull();
  });

  it('changes nothing when it runs again', async () => {
    const before = await readTrash(trashKeys.client(kept.id), z.unknown());
    expect(await runMigration()).toEqual({
      migrated: 0,
      alreadyPresent: 3,
      expired: 1,
      unreadable: 1,
      failed: 0,
    });
    expect(await readTrash(trashKeys.client(kept.id), z.unknown())).toEqual(before);
  });

  it('lets the app restore the copied client and library item', async () => {
    const restored = await restoreClient(kept.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual(keptBefore);
    const library = await app.request<{ content: ClientContent[] }>(
      'GET',
      `/api/clients/${kept.id}/content`,
      {
        token: owner.idToken,
      },
    );
    expect(library.body.content.map((saved) => saved.title)).toEqual(['Harbor newsletter']);

    const back = await app.request<ClientContent>(
      'POST',
      `/api/clients/${holder.id}/content/${item.id}/restore`,
      { token: owner.idToken },
    );
    expect(back.status).toBe(200);
    expect(back.body).toEqual(item);

    expect((await restoreClient(expired.id)).status).toBe(404);
    // The newer delete is the one restored, not the bucket's older copy.
    const latest = await restoreClient(newer.id);
    expect(latest.status).toBe(200);
    expect(latest.body).toEqual(newerBefore);
  });

  it('does not bring a restored snapshot back when it runs after the restore', async () => {
    expect(await runMigration()).toMatchObject({ migrated: 0, alreadyPresent: 3 });
    expect(await readTrash(trashKeys.client(kept.id), z.unknown())).toBeNull();
    expect(await readTrash(trashKeys.content(holder.id, item.id), z.unknown())).toBeNull();
    expect(await readTrash(trashKeys.client(newer.id), z.unknown())).toBeNull();
  });

  it('leaves the bucket objects for its lifecycle rule', async () => {
    expect((await s3TrashKeys()).sort()).toEqual(
      [
        trashKeys.client(kept.id),
        trashKeys.content(holder.id, item.id),
        trashKeys.client(expired.id),
        trashKeys.client(newer.id),
        'trash/clients/01JUNKJUNKJUNKJUNKJUNKJUNK.json',
      ].sort(),
    );
  });

  it('reads past the first 1,000 objects of the listing', { timeout: 120_000 }, async () => {
    // 1,000 expired snapshots sort before the two live ones (clients/ < content/), which S3 lists on
    // the second page.
    const old = daysAgo(TRASH_RETENTION_DAYS + 2);
    const expiredKeys = Array.from({ length: 1000 }, (_, index) =>
      trashKeys.client(`01OLD${String(index).padStart(21, '0')}`),
    );
    for (let start = 0; start < expiredKeys.length; start += 25) {
      await Promise.all(
        expiredKeys.slice(start, start + 25).map((key) => {
          const clientId = key.slice('trash/clients/'.length, -'.json'.length);
          return putOldSnapshot(key, JSON.stringify(snapshot('client', old, { client: { clientId } })));
        }),
      );
    }
    const late = ['ZZ1', 'ZZ2'].map((contentId) => ({ clientId: 'ZZCLIENT', contentId }));
    for (const ids of late) {
      await putOldSnapshot(
        trashKeys.content(ids.clientId, ids.contentId),
        JSON.stringify(snapshot('content', daysAgo(1), { content: ids })),
      );
    }
    expect(await runMigration()).toEqual({
      migrated: 2,
      alreadyPresent: 3,
      expired: 1001,
      unreadable: 1,
      failed: 0,
    });
    for (const ids of late) {
      expect(await readTrash(trashKeys.content(ids.clientId, ids.contentId), z.unknown())).toMatchObject({
        payload: { content: ids },
      });
    }
  });
});

function snapshot(kind: string, deletedAt: string, payload: unknown): TrashEntry<unknown> {
  return {
    kind,
    deletedAt,
    deletedBy: { userId: 'u1', email: 'u1@example.com' },
    restorableBy: ['u1'],
    payload,
  };
}

describe('importing a snapshot while the app writes the same slot', () => {
  it('keeps the delete made during the copy, whichever write lands first', async () => {
    const numbers = z.object({ n: z.number() });
    const keys = Array.from({ length: 6 }, (_, index) => trashKeys.client(`01RACE${index}`));
    await Promise.all(
      keys.map((key) =>
        Promise.all([
          importIntoTrash(key, snapshot('client', daysAgo(2), { n: 1 }), 's3:"race"'),
          putInTrash(key, snapshot('client', new Date().toISOString(), { n: 2 })),
        ]),
      ),
    );
    for (const key of keys) expect((await readTrash(key, numbers))?.payload, key).toEqual({ n: 2 });
  });
});
