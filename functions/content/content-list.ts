import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor, fitToBudget } from '#functions/commons/paging';
import { entities } from '#functions/data/entities';
import { collectUpTo, readQueryPage } from '#functions/data/item-commands';
import { partitionKey, sortKey, sortKeyPrefix } from '#functions/data/item-keys';
import { type ClientContent, CONTENT_TYPES, type ContentType } from '#shared/content';
import { pageCursorSchema, pageLimitSchema } from '#shared/validation/page-query';
import * as z from '#shared/validation/zod';
import { type ContentRecord, toClientContent } from './content-record';

/**
 * One page of a client's library, newest first, optionally of one type. The cursor is opaque to callers:
 * it names the last item returned, and the next page starts strictly after it in the same partition,
 * so a cursor can never reach into another client's library.
 */

export const CONTENT_PAGE_DEFAULT = 50;
export const CONTENT_PAGE_MAX = 200;
/** Lambda replies are capped at 6 MB; a page stops early rather than fail on large HTML. */
export const CONTENT_PAGE_MAX_BYTES = 4_500_000;

export const listContentQuerySchema = z.object({
  limit: pageLimitSchema(CONTENT_PAGE_MAX, CONTENT_PAGE_DEFAULT),
  type: z.optional(z.enum(CONTENT_TYPES)),
  cursor: pageCursorSchema(),
});

export type ListContentQuery = z.output<typeof listContentQuerySchema>;

export interface ContentPage {
  content: ClientContent[];
  next_cursor: string | null;
}

export function parseListContentQuery(query: Readonly<Record<string, string | undefined>>): ListContentQuery {
  const result = listContentQuerySchema.safeParse({
    limit: query.limit || undefined,
    type: query.type || undefined,
    cursor: query.cursor || undefined,
  });
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  return result.data;
}

async function queryPage(
  clientId: string,
  type: ContentType | undefined,
  after: string | undefined,
  count: number,
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
        .options({ reverse: true, limit, exclusiveStartKey })
        .params(),
    ),
  );
}

export async function listContentPage(clientId: string, query: ListContentQuery): Promise<ContentPage> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // One extra item tells whether another page exists, so the last page never carries a cursor.
  const records = await queryPage(clientId, query.type, after, query.limit + 1);
  const page = fitToBudget(records.slice(0, query.limit).map(toClientContent), CONTENT_PAGE_MAX_BYTES);
  const hasMore = records.length > page.length;
  const last = page[page.length - 1];
  return { content: page, next_cursor: hasMore && last ? encodeCursor(last.id) : null };
}
