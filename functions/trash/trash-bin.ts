import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { TABLE_KEYS } from '#contract/table-definition';
import type { Caller } from '#functions/commons/caller';
import { dynamoDocumentClient } from '#functions/commons/clients/dynamodb';
import { requireEnv } from '#functions/commons/env';
import { isExpired, ttlInSeconds } from '#functions/data/entities';
import { isConditionFailure } from '#functions/data/item-keys';
import * as z from '#shared/validation/zod';

/**
 * Recoverable deletes. Deletes take effect at once (spec 000 §4), but what they removed is first written
 * as one JSON snapshot, so Undo can put every item back. The snapshot names who may restore it:
 * whoever deletes a client may not be the person entitled to see it again later.
 *
 * Snapshots live in the table, not the media bucket: the S3 client costs a handler
 * much of its bundle whatever it calls (docs/benchmarks.md, "lambda-bundle"; esbuild keeps S3's whole schema
 * module, see docs/decisions.md, "Bundles within budget"), while the delete and restore handlers already
 * carry the DynamoDB client. A snapshot is gzipped and cut into chunk items of at most CHUNK_BYTES (a client
 * with a large library may exceed DynamoDB's 400 KB item limit), and a head item that names the chunks is
 * written last: a write interrupted half-way leaves the previous head (or none) in place, never a head naming
 * chunks that are not all there. Every item carries the table's TTL attribute; dynalite never expires items,
 * so a reader treats an expired head as absent.
 */

export interface TrashEntry<Payload> {
  readonly kind: string;
  readonly deletedAt: string;
  readonly deletedBy: { readonly userId: string; readonly email: string };
  /** User ids allowed to restore; admins always may. */
  readonly restorableBy: readonly string[];
  readonly payload: Payload;
}

const entryEnvelope = z.object({
  kind: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ userId: z.string(), email: z.string() }),
  restorableBy: z.array(z.string()),
  payload: z.unknown(),
});

/** Checks the parts every snapshot has (the payload is checked by whoever restores it). */
export function parseTrashEntry(value: unknown): TrashEntry<unknown> {
  return entryEnvelope.parse(value);
}

/** As long as the media bucket's lifecycle rule kept snapshots under trash/ (infra/media-storage.ts). */
export const TRASH_RETENTION_DAYS = 30;
const TRASH_RETENTION_SECONDS = TRASH_RETENTION_DAYS * 24 * 60 * 60;

/** Under DynamoDB's 400 KB item limit with room for the keys and attribute names. */
export const CHUNK_BYTES = 350_000;

/** Slot names: one snapshot per deleted client and per deleted library item. */
export const trashKeys = {
  client: (clientId: string) => `trash/clients/${clientId}.json`,
  content: (clientId: string, contentId: string) => `trash/content/${clientId}/${contentId}.json`,
} as const;

export function mayRestore(entry: Pick<TrashEntry<unknown>, 'restorableBy'>, caller: Caller): boolean {
  return caller.isAdmin || entry.restorableBy.includes(caller.userId);
}

const { partitionKey: PK, sortKey: SK, ttlAttribute: TTL } = TABLE_KEYS;
const HEAD = 'head';
const CHUNK = 'chunk#';
/** Marker items of importIntoTrash: `import#<source>`; discardTrash leaves them. */
const IMPORTED = 'import#';

/** No entity's partition starts with this (theirs start with `$lbm#`). */
const partitionOf = (key: string) => `trash#${key}`;
const chunkKey = (generation: string, index: number) =>
  `${CHUNK}${generation}#${String(index).padStart(4, '0')}`;

interface HeadItem {
  readonly generation: string;
  readonly chunks: number;
  readonly [TTL]?: number;
}

const headItem = z.object({ generation: z.string(), chunks: z.number(), [TTL]: z.optional(z.number()) });
const importMarker = z.object({ [TTL]: z.optional(z.number()) });

function split(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    parts.push(bytes.subarray(start, start + CHUNK_BYTES));
  }
  return parts.length > 0 ? parts : [Buffer.alloc(0)];
}

/** A slot's chunk items whose sort key starts with `prefix`, in sort-key order, following pages. */
async function chunkItems(
  partition: string,
  prefix: string,
  projection?: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new QueryCommand({
        TableName: requireEnv('tableName'),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        ProjectionExpression: projection,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The sort keys of a slot's chunk items, all generations. */
async function chunkSortKeys(partition: string, prefix: string): Promise<string[]> {
  return (await chunkItems(partition, prefix, '#sk')).map((item) => String(item[SK]));
}

async function deleteItems(partition: string, sortKeys: readonly string[]): Promise<void> {
  const table = requireEnv('tableName');
  await Promise.all(
    sortKeys.map((sortKey) =>
      dynamoDocumentClient().send(
        new DeleteCommand({ TableName: table, Key: { [PK]: partition, [SK]: sortKey } }),
      ),
    ),
  );
}

/** Writes a snapshot's chunks under a fresh generation; the head that names them comes after. */
async function writeChunks(
  partition: string,
  entry: TrashEntry<unknown>,
  expiresAt: number,
): Promise<HeadItem> {
  const table = requireEnv('tableName');
  const generation = ulid();
  const chunks = split(gzipSync(JSON.stringify(entry)));
  await Promise.all(
    chunks.map((data, index) =>
      dynamoDocumentClient().send(
        new PutCommand({
          TableName: table,
          Item: { [PK]: partition, [SK]: chunkKey(generation, index), data, [TTL]: expiresAt },
        }),
      ),
    ),
  );
  return { generation, chunks: chunks.length, [TTL]: expiresAt };
}

const removeGeneration = async (partition: string, generation: string) =>
  deleteItems(partition, await chunkSortKeys(partition, `${CHUNK}${generation}#`));

/**
 * Writes (or replaces) the snapshot at `key`. The new chunks go first under a fresh generation, then the
 * head that points at them; the chunks of the head it replaced are removed last (if that fails, they
 * expire). Only that generation's: two writes of one slot at once (two Delete clicks) must not remove
 * the chunks the other one's head names, whichever head lands last.
 */
export async function putInTrash<Payload>(key: string, entry: TrashEntry<Payload>): Promise<void> {
  const partition = partitionOf(key);
  const previous = await readHead(partition, { includeExpired: true });
  const head = await writeChunks(partition, entry, ttlInSeconds(TRASH_RETENTION_SECONDS));
  await dynamoDocumentClient().send(
    new PutCommand({ TableName: requireEnv('tableName'), Item: { [PK]: partition, [SK]: HEAD, ...head } }),
  );
  if (previous) await removeGeneration(partition, previous.generation);
}

/** When a snapshot deleted at `deletedAt` expires (TTL seconds), or null if the date does not parse. */
export function trashExpiryOf(deletedAt: string): number | null {
  const time = Date.parse(deletedAt);
  return Number.isNaN(time) ? null : ttlInSeconds(TRASH_RETENTION_SECONDS, time);
}

/** What importIntoTrash did with a snapshot. */
export type ImportOutcome = 'imported' | 'present' | 'expired';

/**
 * Copies a snapshot kept elsewhere (the media bucket's trash/ of earlier versions,
 * functions/trash/migrate-s3-trash.ts) into its slot, through the same chunk and head items as a delete,
 * with the TTL its original delete gave it (`deletedAt` + TRASH_RETENTION_DAYS), so an import never
 * lengthens a snapshot's life. It never replaces newer data:
 * - a slot that already imported this `source` is left alone, even once a restore emptied it (the
 *   slot keeps a marker item, which discardTrash leaves, until the snapshot would have expired), so
 *   running the import again cannot bring back a snapshot that was restored since;
 * - a live snapshot deleted in the same second or later (an earlier import, or a delete made after the
 *   deploy) stays; heads carry no date, but their TTL is their delete time plus the same retention;
 * - the head is written only if the slot's head is still the one read (a conditional put), so a delete
 *   landing meanwhile wins, and the chunks written for nothing are removed.
 */
export async function importIntoTrash(
  key: string,
  entry: TrashEntry<unknown>,
  source: string,
): Promise<ImportOutcome> {
  const expiresAt = trashExpiryOf(entry.deletedAt);
  if (expiresAt === null) throw new Error(`Trash snapshot ${key} has no valid deletedAt: ${entry.deletedAt}`);
  if (isExpired(expiresAt)) return 'expired';
  const table = requireEnv('tableName');
  const partition = partitionOf(key);
  const marker = { [PK]: partition, [SK]: `${IMPORTED}${source}` };
  const { Item: imported } = await dynamoDocumentClient().send(
    new GetCommand({ TableName: table, Key: marker, ConsistentRead: true }),
  );
  if (imported && !isExpired(importMarker.parse(imported)[TTL])) return 'present';

  const previous = await readHead(partition, { includeExpired: true });
  let outcome: ImportOutcome = 'present';
  if (!previous || isNewerThan(expiresAt, previous)) {
    const head = await writeChunks(partition, entry, expiresAt);
    try {
      await dynamoDocumentClient().send(
        new PutCommand({
          TableName: table,
          Item: { [PK]: partition, [SK]: HEAD, ...head },
          ...(previous
            ? {
                ConditionExpression: '#generation = :generation',
                ExpressionAttributeNames: { '#generation': 'generation' },
                ExpressionAttributeValues: { ':generation': previous.generation },
              }
            : {
                ConditionExpression: 'attribute_not_exists(#pk)',
                ExpressionAttributeNames: { '#pk': PK },
              }),
        }),
      );
      outcome = 'imported';
      if (previous) await removeGeneration(partition, previous.generation);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await removeGeneration(partition, head.generation);
    }
  }
  // Written last: a run cut short before this point finds the head above and records the marker then.
  await dynamoDocumentClient().send(
    new PutCommand({ TableName: table, Item: { ...marker, [TTL]: expiresAt } }),
  );
  return outcome;
}

/** True when a snapshot expiring at `expiresAt` was deleted after the one `head` names (or that one expired). */
function isNewerThan(expiresAt: number, head: HeadItem): boolean {
  const current = head[TTL];
  if (current === undefined) return false;
  return isExpired(current) || expiresAt > current;
}

async function readHead(partition: string, { includeExpired = false } = {}): Promise<HeadItem | null> {
  const { Item } = await dynamoDocumentClient().send(
    new GetCommand({
      TableName: requireEnv('tableName'),
      Key: { [PK]: partition, [SK]: HEAD },
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  const head = headItem.parse(Item);
  return !includeExpired && isExpired(head[TTL]) ? null : head;
}

async function readChunks(partition: string, head: HeadItem): Promise<Buffer> {
  // Sort keys end in the zero-padded chunk index, and a query returns them in that order.
  const parts = (await chunkItems(partition, `${CHUNK}${head.generation}#`)).map((item) => {
    const data: unknown = item.data;
    if (!(data instanceof Uint8Array)) throw new Error(`Trash chunk ${String(item[SK])} holds no bytes`);
    return Buffer.from(data);
  });
  if (parts.length !== head.chunks) {
    throw new Error(`Trash snapshot ${partition} names ${head.chunks} chunk(s) but ${parts.length} exist`);
  }
  return Buffer.concat(parts);
}

/** The snapshot at `key`, or null when there is none. A snapshot that fails validation is an error. */
export async function readTrash<Payload>(
  key: string,
  payloadSchema: z.ZodMiniType<Payload>,
): Promise<TrashEntry<Payload> | null> {
  const partition = partitionOf(key);
  const head = await readHead(partition);
  if (!head) return null;
  const text = gunzipSync(await readChunks(partition, head)).toString('utf8');
  const envelope = entryEnvelope.parse(JSON.parse(text));
  return { ...envelope, payload: payloadSchema.parse(envelope.payload) };
}

/** Empties the slot: the head first, so the snapshot stops being restorable before its chunks go. */
export async function discardTrash(key: string): Promise<void> {
  const partition = partitionOf(key);
  await deleteItems(partition, [HEAD]);
  await deleteItems(partition, await chunkSortKeys(partition, CHUNK));
}
