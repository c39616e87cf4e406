import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { CLIENT_NOT_FOUND } from '#functions/clients/client-access';
import { adjustClientCounter } from '#functions/clients/client-counters';
import { isResourceId } from '#functions/clients/resource-id';
import { ConflictError, NotFoundError } from '#functions/commons/errors';
import { calendarIndexKeys, entities } from '#functions/data/entities';
import { findItem, putItem, queryAll } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { ContentApproval } from '#shared/approvals';
import { type ContentStatus, nextStatus, statusOf } from '#shared/content-status';
import { storedSummaryOf } from '#shared/content-summary';
import type { VersionSource } from '#shared/content-versions';
import { assertStorable, type ContentRecord, nextTimestamp, toClientContent } from './content-record';
import type { StoredContent } from './content-snapshot';
import {
  changedFields,
  deleteVersion,
  nextVersionId,
  putVersion,
  type VersionAuthor,
  type VersionWords,
} from './content-versions';

/**
 * A client's content library in DynamoDB: reads, and writes of HTML that is stored already (versions,
 * restores, statuses, links), keeping the client's `contentCount` in step. HTML from outside (a
 * generation, the API) comes in through content-saves.ts, which sanitizes it; the functions that never
 * take new HTML do not carry the sanitizer.
 */

export const CONTENT_NOT_FOUND = 'Content not found';

export async function findContent(
  clientId: string,
  contentId: string,
  options: { readonly consistent?: boolean } = {},
): Promise<ContentRecord | null> {
  if (!isResourceId(clientId) || !isResourceId(contentId)) return null;
  return findItem(entities().content, { clientId, contentId }, options);
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

/** What a change sets on an item, worked out from the item as it is when the change is written. */
export interface ContentUpdate {
  readonly title: string;
  readonly content: string;
  readonly html_content: string;
  readonly metadata?: Record<string, unknown>;
  readonly status?: ContentStatus;
  /** A string sets it; null removes it; absent keeps it. */
  readonly approvedVersionId?: string | null;
  /** Replaces the item's approval decisions (shared/approvals.ts); absent keeps them. */
  readonly approvals?: readonly ContentApproval[];
  /** Decisions of `from` standing for version `to` (a publish that carried an approval); absent keeps. */
  readonly approvalsCarried?: { readonly from: string; readonly to: string };
  readonly publishDate?: string | null;
  readonly dueDate?: string | null;
}

export interface ChangeOptions {
  readonly author: VersionAuthor;
  readonly source: VersionSource;
  /** Write a version even when the words do not change (a restore is always one). */
  readonly forceVersion?: boolean;
  /**
   * Make sure the item has a current version, recording the words of an item from before versions as
   * its first (a review link shows a version).
   */
  readonly ensureVersion?: boolean;
  readonly restoredFrom?: string;
}

export interface ChangedContent {
  readonly record: ContentRecord;
  /** The version this change wrote; null when the words did not change. */
  readonly versionId: string | null;
  /** The item before the change, as the change found it. */
  readonly before: ContentRecord;
}

/** How many times a change is tried again when the item moved on between its read and its write. */
const CHANGE_ATTEMPTS = 4;

const wordsOf = (record: Pick<ContentRecord, 'title' | 'content' | 'html_content'>): VersionWords => ({
  title: record.title,
  content: record.content ?? '',
  html_content: record.html_content ?? '',
});

/**
 * The one way an item's title, text or HTML changes (docs/architecture.md, "Review, usage and bulk work"):
 * `update` computes the change from the item as it is now; if the words differ (or `forceVersion`), a version
 * is written first, then the item, on the condition that it still holds the version it was read with. If it
 * moved on (another change landed in between), the version is taken back and the change is worked out again
 * from the item as it now is. An item from before versions gets its old words recorded first, as the version
 * with the item's own id, so its history starts where it stood.
 */
export async function changeContent(
  record: ContentRecord,
  update: (current: ContentRecord, newVersionId: string | null) => ContentUpdate,
  options: ChangeOptions,
): Promise<ChangedContent> {
  let current = record;
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const probe = update(current, null);
    const changed = changedFields(wordsOf(current), probe);
    const versioned = options.forceVersion === true || changed.length > 0;
    let previousVersionId = current.currentVersionId;
    const needsBaseline = previousVersionId === undefined && (versioned || options.ensureVersion === true);
    if (needsBaseline) {
      // Items stored before versions: their words as they stood, under the item's own id.
      await putVersion({
        clientId: current.clientId,
        contentId: current.contentId,
        versionId: current.contentId,
        words: wordsOf(current),
        source: 'original',
        author: {},
        changed: changedFields(null, wordsOf(current)),
        createdAt: current.updatedAt,
      });
      previousVersionId = current.contentId;
    }
    const versionId = versioned ? nextVersionId(previousVersionId, (seed) => ulid(seed)) : null;
    const next = versionId === null ? probe : update(current, versionId);
    const updatedAt = nextTimestamp(current.updatedAt, now);
    assertStorable({
      ...current,
      title: next.title,
      content: next.content,
      html_content: next.html_content,
      metadata: next.metadata ?? toClientContent(current).metadata,
      updatedAt,
    });
    if (versionId !== null) {
      await putVersion({
        clientId: current.clientId,
        contentId: current.contentId,
        versionId,
        words: next,
        source: options.source,
        author: options.author,
        changed,
        previousVersionId,
        restoredFrom: options.restoredFrom,
        createdAt: now.toISOString(),
      });
    }
    try {
      const saved = await writeChange(current, next, updatedAt, versionId ?? previousVersionId);
      return { record: saved, versionId, before: current };
    } catch (error) {
      if (versionId !== null) {
        await deleteVersion(current.clientId, current.contentId, versionId).catch(() => undefined);
      }
      if (!(error instanceof ContentMovedError)) throw error;
      const fresh = await findContent(current.clientId, current.contentId, { consistent: true });
      if (!fresh) throw new NotFoundError(CONTENT_NOT_FOUND);
      if (attempt === CHANGE_ATTEMPTS) {
        throw new ConflictError(
          'This content is being changed by someone else right now. Reload it and try again.',
          'content_changed',
        );
      }
      current = fresh;
    }
  }
}

/** The item no longer holds the version the change was worked out from. */
class ContentMovedError extends Error {}

async function writeChange(
  current: ContentRecord,
  next: ContentUpdate,
  updatedAt: string,
  versionId: string | undefined,
): Promise<ContentRecord> {
  // The calendar's index keys follow their dates here: links only run on puts (entities.ts).
  const publishKeys =
    typeof next.publishDate === 'string'
      ? calendarIndexKeys.publish(current.contentId, next.publishDate)
      : {};
  const dueKeys =
    typeof next.dueDate === 'string' ? calendarIndexKeys.due(current.contentId, next.dueDate) : {};
  const removals: string[] = [];
  if (next.approvedVersionId === null) removals.push('approvedVersionId');
  if (next.publishDate === null) removals.push('publishDate', 'gsi2pk', 'gsi2sk');
  if (next.dueDate === null) removals.push('dueDate', 'gsi3pk', 'gsi3sk');
  try {
    const { Attributes } = await entities()
      .content.build(UpdateItemCommand)
      .item({
        clientId: current.clientId,
        contentId: current.contentId,
        title: next.title,
        content: next.content,
        html_content: next.html_content,
        updatedAt,
        // $set replaces the whole map, as ElectroDB did; a plain object would be merged into the old one.
        ...(next.metadata === undefined ? {} : { metadata: $set(next.metadata) }),
        // The cards' summary follows the words and the metadata it is made of (links run on puts only).
        summary: $set(storedSummaryOf({ ...next, metadata: next.metadata ?? current.metadata })),
        ...(next.status === undefined ? {} : { status: next.status }),
        ...(typeof next.approvedVersionId === 'string' ? { approvedVersionId: next.approvedVersionId } : {}),
        ...(next.approvals === undefined
          ? {}
          : { approvals: $set(next.approvals.map((entry) => ({ ...entry }))) }),
        ...(next.approvalsCarried === undefined
          ? {}
          : { approvalsCarried: $set({ ...next.approvalsCarried }) }),
        ...(typeof next.publishDate === 'string' ? { publishDate: next.publishDate, ...publishKeys } : {}),
        ...(typeof next.dueDate === 'string' ? { dueDate: next.dueDate, ...dueKeys } : {}),
        ...(versionId === undefined ? {} : { currentVersionId: versionId }),
        ...Object.fromEntries(removals.map((name) => [name, $remove()])),
      })
      .options({
        condition:
          current.currentVersionId === undefined
            ? {
                and: [
                  { attr: 'contentId', exists: true },
                  { attr: 'currentVersionId', exists: false },
                ],
              }
            : { attr: 'currentVersionId', eq: current.currentVersionId },
        returnValues: 'ALL_NEW',
      })
      .send();
    if (!Attributes) throw new Error(`No attributes returned for content ${current.contentId}`);
    return Attributes;
  } catch (error) {
    if (isConditionFailure(error)) throw new ContentMovedError();
    throw error;
  }
}

/** Where a new version leaves an item's status (shared/content-status.ts). */
export function statusAfterNewVersion(current: ContentRecord, keepReview: boolean): ContentStatus {
  const status = statusOf(current.status);
  return nextStatus(status, { type: 'new_version', keepReview }) ?? status;
}

/**
 * Changes fields of an item other than its words (metadata, status, dates) and returns it as stored,
 * NotFoundError when it is gone. Conditioned like every change on the version it was read with, and worked
 * out again from the item as it is when another change landed first.
 */
export async function patchContent(
  record: ContentRecord,
  update: (current: ContentRecord) => Omit<ContentUpdate, 'title' | 'content' | 'html_content'>,
): Promise<ContentRecord> {
  const { record: saved } = await changeContent(
    record,
    (current) => ({ ...wordsOf(current), ...update(current) }),
    { author: {}, source: 'edit' },
  );
  return saved;
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
