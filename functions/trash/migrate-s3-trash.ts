import { GetObjectCommand, ListObjectsCommand } from '@aws-sdk/client-s3';
import { s3Client } from '#functions/commons/clients/s3';
import { requireEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import * as z from '#shared/validation/zod';
import { importIntoTrash, parseTrashEntry, type TrashEntry, trashKeys } from './trash-bin';

/**
 * One-time copy of the delete snapshots that earlier versions kept in the media bucket under trash/
 * (one JSON object per slot, `trash/clients/<clientId>.json` and `trash/content/<clientId>/<contentId>.json`,
 * the same names as the table's slots) into the table, so a delete made in the 30 days before the
 * deploy that moved the trash bin (docs/decisions.md, "Delete snapshots live in the table") can still be
 * undone. It runs on every deploy that changes it (a CloudFormation trigger, infra/trash-migration.ts) and
 * may run any number of times: importIntoTrash keeps what the table already holds. The objects stay in the
 * bucket; its trash/ lifecycle rule expires them.
 *
 * A malformed object is logged and counted, never fatal. An object that could not be read or written
 * (S3 or DynamoDB failing after the SDK's retries) fails the run at the end, after every other object
 * was copied: the deploy then fails and rolls back to handlers that still read the bucket, and nothing
 * is lost.
 *
 * When it may be deleted (with infra/trash-migration.ts and its trigger in infra/stack.ts): once every
 * deployed stage has run it, and 30 days later. By then nothing it could copy is left to undo: the bin
 * keeps a delete 30 days, and the bucket's trash/ rule (infra/media-storage.ts, MEDIA_TRASH_DAYS)
 * expires the objects after the same 30 days.
 */

export const S3_TRASH_PREFIX = 'trash/';

/** Objects copied at once: a few DynamoDB calls each, so the run stays well within its timeout. */
const CONCURRENCY = 8;

export interface MigrationCounts {
  /** Copied into the table. */
  migrated: number;
  /** Already in the table: copied by an earlier run, or a newer delete of the same slot. */
  alreadyPresent: number;
  /** Deleted more than TRASH_RETENTION_DAYS ago: nothing to restore. */
  expired: number;
  /** Not a snapshot (wrong name, not JSON, missing fields, kind or ids that do not match the name). */
  unreadable: number;
  /** S3 or DynamoDB failed on it; the run throws after the others. */
  failed: number;
}

type Slot = { kind: 'client'; clientId: string } | { kind: 'content'; clientId: string; contentId: string };

const CLIENT_KEY = /^trash\/clients\/([^/]+)\.json$/u;
const CONTENT_KEY = /^trash\/content\/([^/]+)\/([^/]+)\.json$/u;

/** The slot an object's name stands for, or null for a name no version ever wrote. */
export function slotOf(key: string): Slot | null {
  const client = CLIENT_KEY.exec(key);
  if (client?.[1] && trashKeys.client(client[1]) === key) return { kind: 'client', clientId: client[1] };
  const content = CONTENT_KEY.exec(key);
  if (content?.[1] && content[2] && trashKeys.content(content[1], content[2]) === key) {
    return { kind: 'content', clientId: content[1], contentId: content[2] };
  }
  return null;
}

// Only the ids that tie the snapshot to its slot; the records themselves are checked when restored,
// as they were when the bucket held them, and are copied byte for byte in between.
const clientIds = z.object({ client: z.object({ clientId: z.string() }) });
const contentIds = z.object({ content: z.object({ clientId: z.string(), contentId: z.string() }) });

/** Why `entry` does not belong in `slot`, or null when it does. */
function mismatch(slot: Slot, entry: TrashEntry<unknown>): string | null {
  if (entry.kind !== slot.kind) return `kind ${entry.kind} in a ${slot.kind} slot`;
  if (Number.isNaN(Date.parse(entry.deletedAt))) return `deletedAt ${entry.deletedAt} is not a date`;
  if (slot.kind === 'client') {
    const ids = clientIds.safeParse(entry.payload);
    if (!ids.success) return 'the payload has no client';
    return ids.data.client.clientId === slot.clientId ? null : 'the payload names another client';
  }
  const ids = contentIds.safeParse(entry.payload);
  if (!ids.success) return 'the payload has no library item';
  const { clientId, contentId } = ids.data.content;
  return clientId === slot.clientId && contentId === slot.contentId
    ? null
    : 'the payload names another library item';
}

class UnreadableSnapshot extends Error {}

/** The snapshot an object holds; UnreadableSnapshot when it is none, other errors when S3 failed. */
async function readSnapshot(bucket: string, key: string): Promise<TrashEntry<unknown>> {
  const slot = slotOf(key);
  if (!slot) throw new UnreadableSnapshot('not a snapshot name');
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const text = (await object.Body?.transformToString('utf8')) ?? '';
  let entry: TrashEntry<unknown>;
  try {
    entry = parseTrashEntry(JSON.parse(text));
  } catch (error) {
    throw new UnreadableSnapshot(error instanceof Error ? error.message : String(error));
  }
  const problem = mismatch(slot, entry);
  if (problem) throw new UnreadableSnapshot(problem);
  return entry;
}

/**
 * Every object under trash/, page by page (S3 lists at most 1,000 keys a call). ListObjects (version 1)
 * with the last key as the marker, as S3 documents for a truncated listing without a delimiter: version
 * 2's continuation tokens fail in s3rver on Node 20, which encrypts them with DES and whose OpenSSL 3
 * no longer offers it, so a local run or test could not get past the first page.
 */
interface ListedObject {
  readonly key: string;
  readonly etag: string;
}

async function* listTrash(bucket: string): AsyncGenerator<readonly ListedObject[]> {
  let marker: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: S3_TRASH_PREFIX, Marker: marker }),
    );
    const objects = (page.Contents ?? []).flatMap((object) =>
      object.Key ? [{ key: object.Key, etag: object.ETag ?? '' }] : [],
    );
    yield objects;
    marker = page.IsTruncated ? (page.NextMarker ?? objects.at(-1)?.key) : undefined;
  } while (marker);
}

async function migrateOne(bucket: string, object: ListedObject, counts: MigrationCounts): Promise<void> {
  try {
    const entry = await readSnapshot(bucket, object.key);
    // The ETag names this version of the object: a slot remembers it once copied (importIntoTrash).
    const outcome = await importIntoTrash(object.key, entry, `s3:${object.etag}`);
    if (outcome === 'imported') counts.migrated += 1;
    else if (outcome === 'present') counts.alreadyPresent += 1;
    else counts.expired += 1;
  } catch (error) {
    if (error instanceof UnreadableSnapshot) {
      counts.unreadable += 1;
      logger.warn('Skipping an unreadable trash snapshot', { key: object.key, reason: error.message });
    } else {
      counts.failed += 1;
      logger.error('Could not copy a trash snapshot', { key: object.key, error });
    }
  }
}

/** Copies every snapshot under trash/ in `bucket` that is still within retention into the table. */
export async function migrateS3Trash(bucket = requireEnv('mediaBucket')): Promise<MigrationCounts> {
  const counts: MigrationCounts = { migrated: 0, alreadyPresent: 0, expired: 0, unreadable: 0, failed: 0 };
  for await (const page of listTrash(bucket)) {
    for (let start = 0; start < page.length; start += CONCURRENCY) {
      await Promise.all(
        page.slice(start, start + CONCURRENCY).map((object) => migrateOne(bucket, object, counts)),
      );
    }
  }
  return counts;
}

/** The trigger's handler: its result is the counts; a failed object fails the deploy (see above). */
export const handler = async (): Promise<MigrationCounts> => {
  const counts = await migrateS3Trash();
  // Most deploys (and every local start) find no snapshot: that is no news worth an info line.
  const found = Object.values(counts).some((count) => count > 0);
  (found ? logger.info : logger.debug)('Copied the S3 trash snapshots into the table', { ...counts });
  if (counts.failed > 0) {
    throw new Error(
      `${counts.failed} trash snapshot(s) could not be copied from S3 (the others were); see the log above`,
    );
  }
  return counts;
};
