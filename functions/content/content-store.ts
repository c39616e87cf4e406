import { ulid } from 'ulid';
import type { z } from 'zod';
import { CLIENT_NOT_FOUND } from '#functions/clients/client-access';
import { adjustClientCounter } from '#functions/clients/client-counters';
import { isResourceId } from '#functions/clients/resource-id';
import { NotFoundError } from '#functions/commons/errors';
import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { entities } from '#functions/data/entities';
import type { ClientContent, ContentType, updateContentSchema } from '#shared/content';
import {
  assertStorable,
  type ContentRecord,
  nextTimestamp,
  type StoredContent,
  toClientContent,
} from './content-record';

/**
 * A client's content library in DynamoDB. Every write path sanitizes HTML with the same sanitizer the
 * generation engine uses, and keeps the client's `contentCount` in step.
 */

export const CONTENT_NOT_FOUND = 'Content not found';

export interface SaveContentInput {
  contentId: string;
  clientId: string;
  createdBy: string;
  title: string;
  content: string;
  html_content: string;
  content_type: ContentType;
  metadata: Record<string, unknown>;
}

export async function findContent(clientId: string, contentId: string): Promise<ContentRecord | null> {
  if (!isResourceId(clientId) || !isResourceId(contentId)) return null;
  const { data } = await entities().content.get({ clientId, contentId }).go();
  return data;
}

/**
 * Puts a stored item back only if it is absent, and counts it only then. Used by saves (a redelivered
 * job finds its item already there) and by restores (a second Undo changes nothing).
 */
export async function insertContentOnce(
  item: StoredContent,
): Promise<{ created: boolean; record: ContentRecord }> {
  assertStorable(item);
  const { content } = entities();
  const result = await content.create(item).go({ returnOnConditionCheckFailure: true });
  if (result.rejected) {
    const existing = await findContent(item.clientId, item.contentId);
    // Absent again means a concurrent delete won; for this caller that is the same as not found.
    if (!existing) throw new NotFoundError(CONTENT_NOT_FOUND);
    return { created: false, record: existing };
  }
  if (!(await adjustClientCounter(item.clientId, 'contentCount', 1))) {
    // The client vanished while we wrote: take the item back out rather than leave an orphan.
    await content.delete({ clientId: item.clientId, contentId: item.contentId }).go();
    throw new NotFoundError(CLIENT_NOT_FOUND);
  }
  return { created: true, record: result.data };
}

/**
 * Saves generated content exactly once per `contentId` (a ULID): a redelivered job finds the item it
 * saved before and gets `created: false`; the client's count moves only when the item was created.
 */
export async function saveContentOnce(
  input: SaveContentInput,
): Promise<{ created: boolean; content: ClientContent }> {
  if (!isResourceId(input.contentId)) throw new Error(`contentId must be a ULID, got '${input.contentId}'`);
  if (!isResourceId(input.clientId)) throw new NotFoundError(CLIENT_NOT_FOUND);
  const now = new Date().toISOString();
  const { created, record } = await insertContentOnce({
    clientId: input.clientId,
    contentId: input.contentId,
    title: input.title,
    content: input.content,
    html_content: sanitizeHtml(input.html_content),
    content_type: input.content_type,
    metadata: input.metadata,
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
  });
  return { created, content: toClientContent(record) };
}

/** A save through the API (the tools' Save buttons): a new id, then the same path as generation. */
export async function createContent(input: Omit<SaveContentInput, 'contentId'>): Promise<ClientContent> {
  const { content } = await saveContentOnce({ ...input, contentId: ulid() });
  return content;
}

export async function updateContent(
  record: ContentRecord,
  input: z.output<typeof updateContentSchema>,
): Promise<ClientContent> {
  const changes = {
    title: input.title,
    content: input.content,
    html_content: sanitizeHtml(input.html_content),
    metadata: input.metadata ?? record.metadata,
    updatedAt: nextTimestamp(record.updatedAt),
  };
  assertStorable({ ...record, ...changes });
  const result = await entities()
    .content.patch({ clientId: record.clientId, contentId: record.contentId })
    .set(changes)
    .go({ response: 'all_new', returnOnConditionCheckFailure: true });
  if (result.rejected) throw new NotFoundError(CONTENT_NOT_FOUND);
  return toClientContent(result.data);
}

/** Removes one item and lowers the count; NotFoundError if someone else removed it first. */
export async function removeContent(record: Pick<ContentRecord, 'clientId' | 'contentId'>): Promise<void> {
  const result = await entities()
    .content.remove({ clientId: record.clientId, contentId: record.contentId })
    .go({ response: 'none', returnOnConditionCheckFailure: true });
  if (result.rejected) throw new NotFoundError(CONTENT_NOT_FOUND);
  await adjustClientCounter(record.clientId, 'contentCount', -1);
}

/** Every item of a client (for snapshots before a client delete). */
export async function listAllContent(clientId: string): Promise<ContentRecord[]> {
  const { data } = await entities().content.query.byClient({ clientId }).go({ pages: 'all' });
  return data;
}
