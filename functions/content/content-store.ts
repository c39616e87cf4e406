import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import type { z } from 'zod';
import { CLIENT_NOT_FOUND } from '#functions/clients/client-access';
import { adjustClientCounter } from '#functions/clients/client-counters';
import { isResourceId } from '#functions/clients/resource-id';
import { NotFoundError } from '#functions/commons/errors';
import { sanitizeHtml } from '#functions/commons/sanitize-html';
import { entities } from '#functions/data/entities';
import { findItem, putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { ClientContent, ContentType, updateContentSchema } from '#shared/content';
import { assertStorable, type ContentRecord, nextTimestamp, toClientContent } from './content-record';
import type { StoredContent } from './content-snapshot';

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
  return findItem(entities().content, { clientId, contentId });
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
  let record: ContentRecord;
  try {
    record = await putItem(content, item, { attr: 'contentId', exists: false });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await findContent(item.clientId, item.contentId);
    // Absent again means a concurrent delete won; for this caller that is the same as not found.
    if (!existing) throw new NotFoundError(CONTENT_NOT_FOUND);
    return { created: false, record: existing };
  }
  if (!(await adjustClientCounter(item.clientId, 'contentCount', 1))) {
    // The client vanished while we wrote: take the item back out rather than leave an orphan.
    await content.build(DeleteItemCommand).key({ clientId: item.clientId, contentId: item.contentId }).send();
    throw new NotFoundError(CLIENT_NOT_FOUND);
  }
  return { created: true, record };
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
    // A stored item's metadata is always an object (it is validated before every write).
    metadata: input.metadata ?? toClientContent(record).metadata,
    updatedAt: nextTimestamp(record.updatedAt),
  };
  assertStorable({ ...record, ...changes });
  return toClientContent(await patchContent(record, changes));
}

/**
 * Changes fields of an item that must still exist (NotFoundError otherwise) and returns it as stored.
 * Also how the WordPress link is written into the metadata (functions/wordpress/content-link.ts).
 */
export async function patchContent(
  record: Pick<ContentRecord, 'clientId' | 'contentId'>,
  changes: {
    title?: string;
    content?: string;
    html_content?: string;
    metadata?: Record<string, unknown>;
    updatedAt: string;
  },
): Promise<ContentRecord> {
  try {
    const { Attributes } = await entities()
      .content.build(UpdateItemCommand)
      .item({
        clientId: record.clientId,
        contentId: record.contentId,
        ...changes,
        // $set replaces the whole map, as ElectroDB did; a plain object would be merged into the old one.
        ...(changes.metadata === undefined ? {} : { metadata: $set(changes.metadata) }),
      })
      .options({ condition: { attr: 'contentId', exists: true }, returnValues: 'ALL_NEW' })
      .send();
    if (!Attributes) throw new Error(`No attributes returned for content ${record.contentId}`);
    return Attributes;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(CONTENT_NOT_FOUND);
    throw error;
  }
}

/** Removes one item and lowers the count; NotFoundError if someone else removed it first. */
export async function removeContent(record: Pick<ContentRecord, 'clientId' | 'contentId'>): Promise<void> {
  try {
    await entities()
      .content.build(DeleteItemCommand)
      .key({ clientId: record.clientId, contentId: record.contentId })
      .options({ condition: { attr: 'contentId', exists: true } })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(CONTENT_NOT_FOUND);
    throw error;
  }
  await adjustClientCounter(record.clientId, 'contentCount', -1);
}

/** Every item of a client (for snapshots before a client delete). */
export async function listAllContent(clientId: string): Promise<ContentRecord[]> {
  const { table, content } = entities();
  const items = await queryAll(
    content,
    table
      .build(QueryCommand)
      .entities(content)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: sortKeyPrefix('content', 'contentId') },
      })
      .params(),
  );
  return items;
}
