import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { decodeTime } from 'ulid';
import { decodeCursor, encodeCursor } from '#functions/commons/paging';
import { type Entities, entities } from '#functions/data/entities';
import { findItem, putItem, queryAll, readQueryPage } from '#functions/data/item-commands';
import { isConditionFailure, partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import type {
  ContentVersion,
  ContentVersionPage,
  ContentVersionSummary,
  VersionField,
  VersionSource,
} from '#shared/content-versions';
import { VERSION_SOURCES } from '#shared/content-versions';
import { countWords, htmlToText } from '#shared/text';

/**
 * The version history of library items (docs/architecture.md, "Review, usage and bulk work"). A version is
 * written before the change it records (a conditional put), and the item is then updated on the condition
 * that it still holds the version it was read with (content-store.ts, changeContent). DynamoDB Local's
 * stand-in has no transactions, so this order is what keeps a crash from leaving a change without its
 * version: the worst a crash leaves is a version that never became the item's words. Such a version is not on
 * the item's chain (each version names the one it replaced, from the item's current version back), and the
 * history follows that chain, so it never shows one.
 */

export type VersionRecord = FormattedItem<Entities['contentVersion']>;

export interface VersionAuthor {
  readonly userId?: string | undefined;
  readonly email?: string | undefined;
}

/** The words a version holds. */
export interface VersionWords {
  readonly title: string;
  readonly content: string;
  readonly html_content: string;
}

/** The text a version's word count is of: its text, or its HTML's text when it has none. */
function readableText(words: VersionWords): string {
  return words.content.trim() !== '' ? words.content : htmlToText(words.html_content);
}

/** Which of title, text and HTML differ between two versions' words. */
export function changedFields(before: VersionWords | null, after: VersionWords): VersionField[] {
  if (!before) return ['title', 'text', 'html'];
  const changed: VersionField[] = [];
  if (before.title !== after.title) changed.push('title');
  if (before.content !== after.content) changed.push('text');
  if (before.html_content !== after.html_content) changed.push('html');
  return changed;
}

export interface NewVersion {
  readonly clientId: string;
  readonly contentId: string;
  readonly versionId: string;
  readonly words: VersionWords;
  readonly source: VersionSource;
  readonly author: VersionAuthor;
  readonly changed: readonly VersionField[];
  readonly previousVersionId?: string | undefined;
  readonly restoredFrom?: string | undefined;
  readonly createdAt: string;
}

/**
 * Writes a version if no version has its id. Returns false when one already does: the first version of
 * an item has the item's own id, so a redelivered save or two first edits at once write it once.
 */
export async function putVersion(version: NewVersion): Promise<boolean> {
  try {
    await putItem(
      entities().contentVersion,
      {
        clientId: version.clientId,
        contentId: version.contentId,
        versionId: version.versionId,
        title: version.words.title,
        content: version.words.content,
        html_content: version.words.html_content,
        wordCount: countWords(readableText(version.words)),
        source: version.source,
        changed: [...version.changed],
        previousVersionId: version.previousVersionId,
        restoredFrom: version.restoredFrom,
        authorUserId: version.author.userId,
        authorEmail: version.author.email,
        createdAt: version.createdAt,
      },
      { attr: 'versionId', exists: false },
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Takes back a version whose change did not happen (the item moved on meanwhile). */
export async function deleteVersion(clientId: string, contentId: string, versionId: string): Promise<void> {
  await entities().contentVersion.build(DeleteItemCommand).key({ clientId, contentId, versionId }).send();
}

export async function findVersion(
  clientId: string,
  contentId: string,
  versionId: string,
): Promise<VersionRecord | null> {
  return findItem(entities().contentVersion, { clientId, contentId, versionId });
}

function sourceOf(value: string): VersionSource {
  return (VERSION_SOURCES as readonly string[]).includes(value) ? (value as VersionSource) : 'edit';
}

function changedOf(value: unknown): VersionField[] {
  return Array.isArray(value)
    ? value.filter(
        (field): field is VersionField => field === 'title' || field === 'text' || field === 'html',
      )
    : [];
}

export function toVersionSummary(record: VersionRecord): ContentVersionSummary {
  return {
    versionId: record.versionId,
    title: record.title,
    createdAt: record.createdAt,
    author: record.authorEmail ?? null,
    wordCount: record.wordCount,
    source: sourceOf(record.source),
    changed: changedOf(record.changed),
    ...(record.previousVersionId ? { previousVersionId: record.previousVersionId } : {}),
    ...(record.restoredFrom ? { restoredFrom: record.restoredFrom } : {}),
  };
}

export function toVersion(record: VersionRecord): ContentVersion {
  return {
    ...toVersionSummary(record),
    content: record.content ?? '',
    html_content: record.html_content ?? '',
  };
}

const SUMMARY_ATTRIBUTES = [
  'clientId',
  'contentId',
  'versionId',
  'title',
  'wordCount',
  'source',
  'changed',
  'previousVersionId',
  'restoredFrom',
  'authorEmail',
  'createdAt',
] as const;

const versionPrefix = (contentId: string) =>
  `${sortKey('version', [['contentId', contentId]])}#${'versionId'.toLowerCase()}_`;

/**
 * A new version's id: a ULID, later than the version it replaces even when both fall in the same
 * millisecond (a plain ULID's random part could order them the other way), so an item's chain only
 * ever goes down the sort order.
 */
export function nextVersionId(previous: string | undefined, make: (seedTime?: number) => string): string {
  const id = make();
  if (previous === undefined || id > previous) return id;
  return make(decodeTime(previous) + 1);
}

/**
 * One page of an item's history, newest first: the versions on its chain from the item's current version
 * (or the cursor's) back. One descending read from there: versions that never became the item's words
 * are passed over where they lie.
 */
export async function listVersionChain(
  clientId: string,
  contentId: string,
  currentVersionId: string | undefined,
  page: { readonly limit: number; readonly cursor?: string | undefined },
): Promise<ContentVersionPage> {
  let expected = page.cursor === undefined ? currentVersionId : decodeCursor(page.cursor);
  const items: ContentVersionSummary[] = [];
  if (expected === undefined) return { items, next_cursor: null };
  const { table, contentVersion } = entities();
  const lower = versionPrefix(contentId);
  const upper = sortKey('version', [
    ['contentId', contentId],
    ['versionId', expected],
  ]);
  let exclusiveStartKey: Record<string, unknown> | undefined;
  while (expected !== undefined && items.length < page.limit) {
    const result = await readQueryPage(
      contentVersion,
      table
        .build(QueryCommand)
        .entities(contentVersion)
        .query({ partition: partitionKey([['clientId', clientId]]), range: { between: [lower, upper] } })
        .options({
          reverse: true,
          consistent: true,
          attributes: [...SUMMARY_ATTRIBUTES],
          limit: Math.max(page.limit - items.length + 1, 10),
          exclusiveStartKey,
        })
        .params(),
    );
    for (const record of result.Items) {
      if (record.versionId !== expected) continue;
      items.push(toVersionSummary(record));
      expected = record.previousVersionId;
      if (expected === undefined || items.length === page.limit) break;
    }
    // Versions of a chain only grow (nextVersionId), so the one expected next lies further down.
    if (!result.LastEvaluatedKey) break;
    exclusiveStartKey = result.LastEvaluatedKey;
  }
  return {
    items,
    next_cursor: expected !== undefined && items.length === page.limit ? encodeCursor(expected) : null,
  };
}

/** Every version of one item, whole (a delete's snapshot). */
export async function listItemVersions(clientId: string, contentId: string): Promise<VersionRecord[]> {
  const { table, contentVersion } = entities();
  return queryAll(
    contentVersion,
    table
      .build(QueryCommand)
      .entities(contentVersion)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: versionPrefix(contentId) },
      })
      .options({ consistent: true })
      .params(),
  );
}

/** Every version of every item of a client, whole (a client delete's snapshot). */
export async function listClientVersions(clientId: string): Promise<VersionRecord[]> {
  const { table, contentVersion } = entities();
  return queryAll(
    contentVersion,
    table
      .build(QueryCommand)
      .entities(contentVersion)
      .query({
        partition: partitionKey([['clientId', clientId]]),
        range: { beginsWith: sortKeyPrefix('version', 'contentId') },
      })
      .options({ consistent: true })
      .params(),
  );
}
