import { isResourceId } from '#functions/clients/resource-id';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { discardTrash, putInTrash, readTrash, trashKeys } from '#functions/trash/trash-bin';
import type { ClientContent } from '#shared/content';
import * as z from '#shared/validation/zod';
import { deleteHistory, readItemHistory, restoreHistory } from './content-history';
import { type ContentRecord, toClientContent } from './content-record';
import { contentRecordSchema } from './content-snapshot';
import { insertContentOnce, removeContent } from './content-store';
import { historySnapshotSchema } from './history-snapshot';

/**
 * Recoverable delete of one library item. Anyone who may see the client may delete and restore its
 * content (content inherits the client's access), so the snapshot's restorer list is not consulted here:
 * the live client access check in the route is.
 */

const payloadSchema = z.object({ content: contentRecordSchema, ...historySnapshotSchema });

export const NOTHING_TO_RESTORE = 'There is nothing to restore';

export async function deleteContentRecoverably(caller: Caller, record: ContentRecord): Promise<void> {
  const history = await readItemHistory(record.clientId, record.contentId);
  await putInTrash(trashKeys.content(record.clientId, record.contentId), {
    kind: 'content',
    deletedAt: new Date().toISOString(),
    deletedBy: { userId: caller.userId, email: caller.email },
    restorableBy: [caller.userId],
    payload: payloadSchema.parse({ content: record, ...history }),
  });
  // The item first, so it disappears from every route at once; its history follows
  // (docs/decisions.md, "Versions, review and approval, and the content calendar").
  await removeContent(record);
  await deleteHistory(history);
}

/** Puts the item back (a second call finds it there and changes nothing) and empties the trash slot. */
export async function restoreContent(clientId: string, contentId: string): Promise<ClientContent> {
  if (!isResourceId(clientId) || !isResourceId(contentId)) throw new NotFoundError(NOTHING_TO_RESTORE);
  const key = trashKeys.content(clientId, contentId);
  const entry = await readTrash(key, payloadSchema);
  // A snapshot stored under this client's key but naming another client's item is never trusted.
  if (
    !entry ||
    entry.payload.content.clientId !== clientId ||
    entry.payload.content.contentId !== contentId
  ) {
    throw new NotFoundError(NOTHING_TO_RESTORE);
  }
  const { content, versions, reviews, comments } = entry.payload;
  // The history goes back before the item, so the item never shows without it.
  await restoreHistory({ versions, reviews, comments });
  const { record } = await insertContentOnce(content);
  await discardTrash(key);
  return toClientContent(record);
}
