import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor, fitToBudget } from '#functions/commons/paging';
import { entities } from '#functions/data/entities';
import { batchGetItems, collectUpTo, readQueryPage } from '#functions/data/item-commands';
import { partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import type { ContentType } from '#shared/content';
import { listContentQuerySchema } from '#shared/content-query';
import {
  type ContentSummary,
  type ContentSummaryPage,
  plainTextOf,
  type StoredContentSummary,
  toContentSummary,
} from '#shared/content-summary';
import type * as z from '#shared/validation/zod';
import { type ContentRecord, toClientContent } from './content-record';

/**
 * One page of a client's library, newest first, optionally of one type, each item as its card shows it
 * (shared/content-summary.ts): never the text, HTML or metadata, which GET …/content/{id} serves. The
 * cursor is opaque to callers: it names the last item returned, and the next page starts strictly after
 * it in the same partition, so a cursor can never reach into another client's library.
 */

/** Lambda replies are capped at 6 MB; a page stops early rather than fail on long titles and links. */
export const CONTENT_PAGE_MAX_BYTES = 4_500_000;

export type ListContentQuery = z.output<typeof listContentQuerySchema>;

export function parseListContentQuery(query: Readonly<Record<string, string | undefined>>): ListContentQuery {
  const result = listContentQuerySchema.safeParse({
    limit: query.limit || undefined,
    type: query.type || undefined,
    cursor: query.cursor || undefined,
    search: query.search?.trim() || undefined,
  });
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  return result.data;
}

/**
 * What a summary is made of: every attribute but the documents, and the stored summary. DynamoDB still
 * reads whole items (and counts them against its 1 MB a page), but only these cross to the function.
 */
const SUMMARY_ATTRIBUTES = [
  'clientId',
  'contentId',
  'title',
  'content_type',
  'createdAt',
  'updatedAt',
  'status',
  'dueDate',
  'currentVersionId',
  'approvedVersionId',
  'approvals',
  'approvalsCarried',
  'publishDate',
  'summary',
] as const satisfies readonly (keyof ContentRecord)[];

/** A search reads the words too, never the metadata. */
const SEARCH_ATTRIBUTES = [...SUMMARY_ATTRIBUTES, 'content', 'html_content'] as const;

async function queryPage(
  clientId: string,
  type: ContentType | undefined,
  after: string | undefined,
  count: number,
  attributes: readonly (keyof ContentRecord)[] = SUMMARY_ATTRIBUTES,
): Promise<ContentRecord[]> {
  const { table, content } = entities();
  // Keys as ElectroDB wrote them (item-keys.ts): the type index's partition is the client and the type.
  const partition = type
    ? partitionKey([
        ['clientId', clientId],
        ['content_type', type],
      ])
    : partitionKey([['clientId', clientId]]);
  const range = after
    ? { lt: sortKey('content', [['contentId', after]]) }
    : { beginsWith: sortKeyPrefix('content', 'contentId') };
  return collectUpTo(count, (limit, exclusiveStartKey) =>
    readQueryPage(
      content,
      table
        .build(QueryCommand)
        .entities(content)
        .query(type ? { index: 'gsi1', partition, range } : { partition, range })
        .options({ reverse: true, limit, exclusiveStartKey, attributes: [...attributes] })
        .params(),
    ),
  );
}

const BATCH_GET_ATTEMPTS = 5;

/** The whole items with these ids (those that still exist), for summaries not stored yet. */
async function wholeItems(clientId: string, contentIds: readonly string[]): Promise<ContentRecord[]> {
  const found: ContentRecord[] = [];
  let pending = contentIds.map((contentId) => ({ clientId, contentId }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === BATCH_GET_ATTEMPTS) throw new Error('DynamoDB kept content unprocessed in BatchGetItem');
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    const { data, unprocessed } = await batchGetItems(entities().content, pending);
    found.push(...data);
    pending = unprocessed;
  }
  return found;
}

function isStoredSummary(value: unknown): value is StoredContentSummary {
  return (
    typeof value === 'object' &&
    value !== null &&
    'preview' in value &&
    typeof value.preview === 'string' &&
    'wordCount' in value &&
    typeof value.wordCount === 'number' &&
    'thumbnails' in value &&
    Array.isArray(value.thumbnails)
  );
}

/**
 * The summaries of a page of records read with SUMMARY_ATTRIBUTES. An item written before summaries were
 * stored has none: those few are read again whole and summarized here, which gives the very same summary.
 */
async function summariesOf(clientId: string, records: readonly ContentRecord[]): Promise<ContentSummary[]> {
  const missing = records.filter((record) => !isStoredSummary(record.summary));
  const whole = new Map(
    (missing.length > 0
      ? await wholeItems(
          clientId,
          missing.map((record) => record.contentId),
        )
      : []
    ).map((record) => [record.contentId, record]),
  );
  const summaries: ContentSummary[] = [];
  for (const record of records) {
    if (isStoredSummary(record.summary)) {
      summaries.push(toContentSummary(toClientContent(record), record.summary));
      continue;
    }
    // Deleted since the first read: left out, as a list read a moment later would.
    const full = whole.get(record.contentId);
    if (full) summaries.push(toContentSummary(toClientContent(full)));
  }
  return summaries;
}

/** Items are read this many at a time while a search looks for its matches. */
const SEARCH_READ = 500;

/**
 * Up to `count` items after `after` whose title or text holds `search`, any case: the items are read
 * in turn, newest first, with their words, and those that do not match are dropped here. A library is
 * one client's, a few thousand items at most, so reading it through is a few requests.
 */
async function matchingRecords(
  clientId: string,
  query: ListContentQuery & { search: string },
  after: string | undefined,
  count: number,
): Promise<ContentRecord[]> {
  const needle = query.search.toLowerCase();
  const matches = (record: ContentRecord) =>
    record.title.toLowerCase().includes(needle) || plainTextOf(record).toLowerCase().includes(needle);
  const found: ContentRecord[] = [];
  let start = after;
  for (;;) {
    const read = await queryPage(clientId, query.type, start, SEARCH_READ, SEARCH_ATTRIBUTES);
    found.push(...read.filter(matches));
    const last = read[read.length - 1];
    if (found.length >= count || read.length < SEARCH_READ || !last) return found.slice(0, count);
    start = last.contentId;
  }
}

export async function listContentPage(
  clientId: string,
  query: ListContentQuery,
): Promise<ContentSummaryPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // One extra item tells whether another page exists, so the last page never carries a cursor.
  const records =
    query.search === undefined
      ? await queryPage(clientId, query.type, after, query.limit + 1)
      : await matchingRecords(clientId, { ...query, search: query.search }, after, query.limit + 1);
  const page = records.slice(0, query.limit);
  const summaries = await summariesOf(clientId, page);
  const content = fitToBudget(summaries, CONTENT_PAGE_MAX_BYTES);
  const cut = content.length < summaries.length;
  const last = cut ? content[content.length - 1]?.id : page[page.length - 1]?.contentId;
  return {
    content,
    next_cursor: (cut || records.length > page.length) && last ? encodeCursor(last) : null,
  };
}
