import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import type { Caller } from '#functions/commons/caller';
import { discardTrash, mayRestore, putInTrash, readTrash, type TrashEntry, trashKeys } from './trash-bin';

const s3 = mockClient(S3Client);

// Only the method readTrash uses; the SDK's stream type is far larger than this test needs.
const body = (text: string) =>
  ({ transformToString: async () => text }) as unknown as GetObjectCommandOutput['Body'];

const entry: TrashEntry<{ n: number }> = {
  kind: 'test',
  deletedAt: '2025-01-01T00:00:00.000Z',
  deletedBy: { userId: 'u1', email: 'u1@agency.test' },
  restorableBy: ['u1', 'u2'],
  payload: { n: 1 },
};

beforeEach(() => {
  vi.stubEnv('MEDIA_BUCKET', 'media');
});

afterEach(() => {
  s3.reset();
  vi.unstubAllEnvs();
});

afterAll(() => {
  s3.restore();
});

describe('trash keys', () => {
  it('places client and content snapshots under trash/', () => {
    expect(trashKeys.client('C1')).toBe('trash/clients/C1.json');
    expect(trashKeys.content('C1', 'K1')).toBe('trash/content/C1/K1.json');
  });
});

describe('trash bin', () => {
  it('writes a snapshot as JSON in the media bucket', async () => {
    s3.on(PutObjectCommand).resolves({});
    await putInTrash('trash/x.json', entry);
    const input = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(input?.Bucket).toBe('media');
    expect(input?.Key).toBe('trash/x.json');
    expect(input?.ContentType).toBe('application/json');
    expect(JSON.parse(String(input?.Body))).toEqual(entry);
  });

  it('reads a snapshot back and validates its payload', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body(JSON.stringify(entry)) });
    expect(await readTrash('trash/x.json', z.object({ n: z.number() }))).toEqual(entry);
  });

  it('answers null when there is no snapshot', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'gone', $metadata: {} }));
    expect(await readTrash('trash/none.json', z.unknown())).toBeNull();
  });

  it('refuses a snapshot whose payload does not match', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body(JSON.stringify({ ...entry, payload: { n: 'one' } })) });
    await expect(readTrash('trash/x.json', z.object({ n: z.number() }))).rejects.toThrow();
  });

  it('deletes a snapshot', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await discardTrash('trash/x.json');
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'media',
      Key: 'trash/x.json',
    });
  });
});

describe('mayRestore', () => {
  const caller = (userId: string, isAdmin = false): Caller => ({
    userId,
    email: `${userId}@agency.test`,
    isAdmin,
    authMethod: 'token',
  });

  it('allows the listed users and admins only', () => {
    expect(mayRestore(entry, caller('u1'))).toBe(true);
    expect(mayRestore(entry, caller('u2'))).toBe(true);
    expect(mayRestore(entry, caller('u3'))).toBe(false);
    expect(mayRestore(entry, caller('u3', true))).toBe(true);
  });
});
