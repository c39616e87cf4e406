import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import type { AccessRecord } from '#functions/access/access-record';
import { accessRecordSchema } from '#functions/access/access-snapshot';
import { listGrants } from '#functions/access/access-store';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import {
  deleteHistory,
  type ItemHistory,
  readClientHistory,
  restoreHistory,
} from '#functions/content/content-history';
import type { ContentRecord } from '#functions/content/content-record';
import { contentRecordSchema } from '#functions/content/content-snapshot';
import { listAllContent } from '#functions/content/content-store';
import { historySnapshotSchema } from '#functions/content/history-snapshot';
import { batchDeleteItems, batchPutItems } from '#functions/data/batch-operations';
import { entities } from '#functions/data/entities';
import { putItem } from '#functions/data/item-commands';
import { isConditionFailure } from '#functions/data/item-keys';
import { retryUnprocessed } from '#functions/trash/retry-unprocessed';
import { discardTrash, mayRestore, putInTrash, readTrash, trashKeys } from '#functions/trash/trash-bin';
import * as z from '#shared/validation/zod';
import { CLIENT_NOT_FOUND } from './client-access';
import type { ClientRecord } from './client-record';
import { clientRecordSchema } from './client-snapshot';
import { isResourceId } from './resource-id';

/**
 * Deleting a client removes its content and grants with it (no orphans), at once, and recoverably:
 * everything is first snapshotted to S3. The client item goes first, so the client, its library and its
 * grants disappear from every route in one step; the children follow.
 */

const payloadSchema = z.object({
  client: clientRecordSchema,
  content: z.array(contentRecordSchema),
  access: z.array(accessRecordSchema),
  // The items' versions, review links and comments; absent in snapshots from before.
  ...historySnapshotSchema,
});

type ClientSnapshot = z.output<typeof payloadSchema>;

export const NOTHING_TO_RESTORE = 'There is nothing to restore';

function snapshotOf(
  client: ClientRecord,
  content: ContentRecord[],
  access: AccessRecord[],
  history: ItemHistory,
): ClientSnapshot {
  return payloadSchema.parse({ client, content, access, ...history });
}

async function saveSnapshot(caller: Caller, snapshot: ClientSnapshot): Promise<void> {
  await putInTrash(trashKeys.client(snapshot.client.clientId), {
    kind: 'client',
    deletedAt: new Date().toISOString(),
    deletedBy: { userId: caller.userId, email: caller.email },
    // The creator may always bring it back, and so may whoever pressed Delete (the toast's Undo).
    restorableBy: [...new Set([snapshot.client.createdBy, caller.userId])],
    payload: snapshot,
  });
}

const byContentId = (value: { contentId: string }) => value.contentId;
const byUserEmail = (value: { userEmail: string }) => value.userEmail;

async function deleteChildren(
  content: readonly ContentRecord[],
  access: readonly AccessRecord[],
): Promise<void> {
  const { content: contentEntity, access: accessEntity } = entities();
  await Promise.all([
    retryUnprocessed(
      content.map(({ clientId, contentId }) => ({ clientId, contentId })),
      (batch) => batchDeleteItems(contentEntity, batch),
      byContentId,
    ),
    retryUnprocessed(
      access.map(({ clientId, userEmail }) => ({ clientId, userEmail })),
      (batch) => batchDeleteItems(accessEntity, batch),
      byUserEmail,
    ),
  ]);
}

export async function deleteClientRecoverably(caller: Caller, record: ClientRecord): Promise<void> {
  const { clientId } = record;
  const [content, access, history] = await Promise.all([
    listAllContent(clientId),
    listGrants(clientId),
    readClientHistory(clientId),
  ]);
  const snapshot = snapshotOf(record, content, access, history);
  await saveSnapshot(caller, snapshot);

  try {
    await entities()
      .client.build(DeleteItemCommand)
      .key({ clientId })
      .options({ condition: { attr: 'clientId', exists: true } })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(CLIENT_NOT_FOUND);
    throw error;
  }

  // Items saved between the first read and the removal are caught here and kept in the snapshot too.
  const [contentNow, accessNow, historyNow] = await Promise.all([
    listAllContent(clientId),
    listGrants(clientId),
    readClientHistory(clientId),
  ]);
  const knownContent = new Set(content.map((item) => item.contentId));
  const knownAccess = new Set(access.map((item) => item.accessId));
  const lateContent = contentNow.filter((item) => !knownContent.has(item.contentId));
  const lateAccess = accessNow.filter((item) => !knownAccess.has(item.accessId));
  const historyGrew =
    historyNow.versions.length + historyNow.reviews.length + historyNow.comments.length >
    history.versions.length + history.reviews.length + history.comments.length;
  if (lateContent.length > 0 || lateAccess.length > 0 || historyGrew) {
    await saveSnapshot(
      caller,
      snapshotOf(record, [...content, ...lateContent], [...access, ...lateAccess], historyNow),
    );
  }
  await deleteChildren(contentNow, accessNow);
  await deleteHistory(historyNow);
}

function belongsTo(snapshot: ClientSnapshot, clientId: string): boolean {
  return (
    snapshot.client.clientId === clientId &&
    snapshot.content.every((item) => item.clientId === clientId) &&
    snapshot.access.every((item) => item.clientId === clientId)
  );
}

/**
 * Puts the client, its content and its grants back, with counters matching what was restored. Puts are
 * overwrites, so running it again changes nothing; the snapshot is removed at the end. The children go
 * in first so the client never shows up half restored.
 */
/** The deleted client the caller may bring back (its route checks this before reading the body). */
export async function findRestorableClient(caller: Caller, clientId: string): Promise<RestorableClient> {
  if (!isResourceId(clientId)) throw new NotFoundError(NOTHING_TO_RESTORE);
  const entry = await readTrash(trashKeys.client(clientId), payloadSchema);
  if (!entry || !mayRestore(entry, caller) || !belongsTo(entry.payload, clientId)) {
    throw new NotFoundError(NOTHING_TO_RESTORE);
  }
  return { clientId, payload: entry.payload };
}

export interface RestorableClient {
  readonly clientId: string;
  readonly payload: ClientSnapshot;
}

export async function restoreClient(restorable: RestorableClient): Promise<ClientRecord> {
  const key = trashKeys.client(restorable.clientId);
  const { client, content, access, versions, reviews, comments } = restorable.payload;
  const entitySet = entities();
  await Promise.all([
    retryUnprocessed(content, (batch) => batchPutItems(entitySet.content, batch), byContentId),
    retryUnprocessed(access, (batch) => batchPutItems(entitySet.access, batch), byUserEmail),
    restoreHistory({ versions, reviews, comments }),
  ]);
  const data = await putItem(entitySet.client, {
    ...client,
    contentCount: content.length,
    accessCount: access.length,
  });
  await discardTrash(key);
  return data;
}
