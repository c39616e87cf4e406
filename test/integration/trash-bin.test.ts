import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import {
  CHUNK_BYTES,
  discardTrash,
  putInTrash,
  readTrash,
  TRASH_RETENTION_DAYS,
  type TrashEntry,
} from '#functions/trash/trash-bin';
import * as z from '#shared/validation/zod';
import { startTestRuntime, type TestRuntime } from '#test/support/test-runtime';

/**
 * The trash bin's snapshots in the table (dynalite here): gzipped, cut into chunk items under DynamoDB's
 * item limit, named by a head item written last, expired by the table's TTL attribute (checked on read,
 * since dynalite never expires anything).
 */

let app: TestRuntime;

beforeAll(async () => {
  app = await startTestRuntime();
});

afterAll(async () => {
  await app?.stop();
});

const table = () => requireEnv('tableName');
const partition = (key: string) => `trash#${key}`;

async function items(key: string): Promise<Record<string, unknown>[]> {
  const { Items } = await dynamoDocumentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition(key) },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

const entryOf = <Payload>(payload: Payload): TrashEntry<Payload> => ({
  kind: 'client',
  deletedAt: '2026-01-01T00:00:00.000Z',
  deletedBy: { userId: 'u1', email: 'u1@agency.test' },
  restorableBy: ['u1'],
  payload,
});

const numbers = z.object({ n: z.number() });
const blob = z.object({ data: z.string() });

describe('trash bin in the table', () => {
  it('writes a snapshot, reads it back, and empties the slot', async () => {
    const key = 'trash/clients/ROUNDTRIP.json';
    const entry = entryOf({ n: 7 });
    await putInTrash(key, entry);
    expect(await readTrash(key, numbers)).toEqual(entry);

    const stored = await items(key);
    expect(stored.map((item) => String(item.sk))).toEqual([
      expect.stringMatching(/^chunk#\w+#0000$/u),
      'head',
    ]);
    const now = Date.now() / 1000;
    for (const item of stored) {
      expect(item.expiresAt).toBeGreaterThan(now + (TRASH_RETENTION_DAYS - 1) * 86_400);
      expect(item.expiresAt).toBeLessThanOrEqual(now + TRASH_RETENTION_DAYS * 86_400 + 1);
    }

    await discardTrash(key);
    expect(await items(key)).toEqual([]);
    expect(await readTrash(key, numbers)).toBeNull();
  });

  it('answers null for a slot that was never written', async () => {
    expect(await readTrash('trash/clients/NEVER.json', numbers)).toBeNull();
  });

  it('splits a snapshot larger than one item into chunks and joins them again', async () => {
    const key = 'trash/clients/LARGE.json';
    // Base64 of random bytes gzips to about three quarters of its length: just over one chunk's worth.
    const entry = entryOf({ data: randomBytes(Math.ceil(CHUNK_BYTES * 1.1)).toString('base64') });
    await putInTrash(key, entry);
    const stored = await items(key);
    expect(stored.map((item) => String(item.sk).replace(/#\w+#/u, '#g#'))).toEqual([
      'chunk#g#0000',
      'chunk#g#0001',
      'head',
    ]);
    expect(stored.find((item) => item.sk === 'head')).toMatchObject({ chunks: 2 });
    expect(await readTrash(key, blob)).toEqual(entry);
    await discardTrash(key);
    expect(await items(key)).toEqual([]);
  });

  it('replaces a snapshot and removes the chunks of the one it replaced', async () => {
    const key = 'trash/clients/REPLACED.json';
    await putInTrash(key, entryOf({ n: 1 }));
    const [first] = await items(key);
    await putInTrash(key, entryOf({ n: 2 }));
    const stored = await items(key);
    expect(stored).toHaveLength(2);
    expect(stored.map((item) => item.sk)).not.toContain(first?.sk);
    expect(await readTrash(key, numbers)).toEqual(entryOf({ n: 2 }));
  });

  it('keeps a restorable snapshot when two deletes write the same slot at once', async () => {
    const key = 'trash/clients/TWICE.json';
    await Promise.all([putInTrash(key, entryOf({ n: 1 })), putInTrash(key, entryOf({ n: 2 }))]);
    const restored = await readTrash(key, numbers);
    expect([1, 2]).toContain(restored?.payload.n);
  });

  it('treats an expired snapshot as gone (dynalite keeps it; AWS may take hours to remove it)', async () => {
    const key = 'trash/clients/EXPIRED.json';
    await putInTrash(key, entryOf({ n: 3 }));
    await dynamoDocumentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: partition(key), sk: 'head' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await readTrash(key, numbers)).toBeNull();
    // A new delete of the same slot still replaces it and cleans the old chunks up.
    await putInTrash(key, entryOf({ n: 4 }));
    expect(await readTrash(key, numbers)).toEqual(entryOf({ n: 4 }));
    expect(await items(key)).toHaveLength(2);
  });

  it('refuses a snapshot whose payload does not match, or whose head names missing chunks', async () => {
    const key = 'trash/clients/BROKEN.json';
    await putInTrash(key, entryOf({ n: 'one' }));
    await expect(readTrash(key, numbers)).rejects.toThrow();
    await dynamoDocumentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: partition(key), sk: 'head', generation: 'MISSING', chunks: 1 },
      }),
    );
    await expect(readTrash(key, numbers)).rejects.toThrow(
      `Trash snapshot ${partition(key)} names 1 chunk(s) but 0 exist`,
    );
  });
});
