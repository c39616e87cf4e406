import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor, fitToBudget } from '#functions/commons/paging';
import type { ClientSpend } from '#shared/budget';
import {
  type ClientPage,
  type ClientSummary,
  instructionPreviewsOf,
  matchesClientSearch,
  normalizeClientSearch,
} from '#shared/client-list';
import { listClientsQuerySchema } from '#shared/client-list-query';
import { type ClientAttribute, getClientsByIds, listVisibleClientRecords } from './client-access';
import { type ClientFieldSelection, parseClientFields, pickClientFields } from './client-fields';
import {
  CLIENT_CARD_ATTRIBUTES,
  type ClientRecord,
  toClient,
  toClientSummaryOfRecord,
} from './client-record';
import { type ClientReply, withSpend } from './client-reply';

/**
 * One page of GET /api/clients: the visible clients, newest first, in the shape `fields` asks for. The
 * cursor is opaque to callers: it names the last client returned, and the next page starts strictly
 * after it. Visibility is checked again for every page, so a cursor grants nothing by itself.
 */

/** Lambda replies are capped at 6 MB; a page of full profiles (instructions up to 60,000 characters
 * each) stops early rather than fail. */
export const CLIENT_PAGE_MAX_BYTES = 4_500_000;

export interface ListClientsOptions {
  readonly limit: number;
  readonly after: string | undefined;
  readonly fields: ClientFieldSelection;
  /** Normalized (normalizeClientSearch); '' for every client. */
  readonly search: string;
}

export type ListedClient = (ClientSummary & ClientSpend) | ClientReply | Partial<ClientReply>;

/** Validates the query: limit, cursor, fields and search, each error naming its parameter. */
export function parseListClientsQuery(
  query: Readonly<Record<string, string | undefined>>,
): ListClientsOptions {
  const result = listClientsQuerySchema.safeParse({
    limit: query.limit || undefined,
    cursor: query.cursor || undefined,
    fields: query.fields,
    search: query.search,
  });
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  const { limit, cursor, fields, search } = result.data;
  return {
    limit,
    after: cursor === undefined ? undefined : decodeCursor(cursor),
    fields: parseClientFields(fields),
    search: normalizeClientSearch(search ?? ''),
  };
}

/** Clients read per query while searching: a few queries cover 2,000 clients, each reply well under 1 MB. */
const SEARCH_READ_CHUNK = 250;

/**
 * Up to `count` visible clients, newest first, after `after`, that match `search`. DynamoDB cannot
 * match case-insensitively, so a search reads the visible clients in keyset chunks (with the same
 * `attributes`, which hold every searched field) and keeps the matches until it has `count` or none
 * are left. Each chunk goes through listVisibleClientRecords, so visibility applies exactly as without a
 * search; the cursor stays the last client returned.
 */
async function listMatchingRecords(
  caller: Caller,
  page: { readonly after: string | undefined; readonly count: number; readonly search: string },
  attributes?: readonly ClientAttribute[],
): Promise<ClientRecord[]> {
  const read = (after: string | undefined, count: number) =>
    listVisibleClientRecords(caller, { after, count, ...(attributes ? { attributes } : {}) });
  if (page.search === '') return read(page.after, page.count);
  const matches: ClientRecord[] = [];
  const chunk = Math.max(page.count, SEARCH_READ_CHUNK);
  let after = page.after;
  for (;;) {
    const records = await read(after, chunk);
    for (const record of records) {
      if (matchesClientSearch(record, page.search)) matches.push(record);
      if (matches.length === page.count) return matches;
    }
    const last = records[records.length - 1];
    if (records.length < chunk || !last) return matches;
    after = last.clientId;
  }
}

/**
 * The default page, the cards' summaries: each client is read with CLIENT_CARD_ATTRIBUTES only (its stored
 * previews, not the instructions), so DynamoDB, the SDK and the handler move a fraction of the bytes
 * (docs/decisions.md, "Large agencies: lists of summaries, virtualized grids"). An item written before
 * previews were stored has none; those few are read again whole and their previews computed from the texts,
 * which gives the very same summary.
 */
async function listSummaryPage(
  caller: Caller,
  options: ListClientsOptions,
): Promise<ClientPage<ClientSummary & ClientSpend>> {
  // One extra client tells whether another page exists, so the last page never carries a cursor.
  const records = await listMatchingRecords(
    caller,
    { after: options.after, count: options.limit + 1, search: options.search },
    CLIENT_CARD_ATTRIBUTES,
  );
  const page = records.slice(0, options.limit);
  const withoutPreviews = page.filter((record) => record.instructionPreviews === undefined);
  const whole = new Map(
    (withoutPreviews.length > 0
      ? await getClientsByIds(withoutPreviews.map((record) => record.clientId))
      : []
    ).map((record) => [record.clientId, record]),
  );
  const summaries: ClientSummary[] = [];
  for (const record of page) {
    if (record.instructionPreviews !== undefined) {
      summaries.push(toClientSummaryOfRecord(record, record.instructionPreviews));
      continue;
    }
    // Deleted since the first read: left out, as a list read a moment later would.
    const full = whole.get(record.clientId);
    if (full) summaries.push(toClientSummaryOfRecord(full, instructionPreviewsOf(full)));
  }
  // A page of 1,000 summaries is about 1.2 MB; one of clients with every short field full could pass
  // Lambda's 6 MB, so it stops early and the cursor carries on from the last client kept.
  const clients = fitToBudget(summaries, CLIENT_PAGE_MAX_BYTES);
  const cut = clients.length < summaries.length;
  const last = cut ? clients[clients.length - 1]?.id : page[page.length - 1]?.clientId;
  return {
    clients: await withSpend(clients, budgetsOf(page)),
    next_cursor: (cut || records.length > page.length) && last ? encodeCursor(last) : null,
  };
}

const budgetsOf = (records: readonly { clientId: string; budgetMicroUsd?: number }[]) =>
  new Map(records.map((record) => [record.clientId, record.budgetMicroUsd]));

function shape(client: ClientReply, fields: Exclude<ClientFieldSelection, 'summary'>): ListedClient {
  if (fields === 'full') return client;
  return pickClientFields(client, fields);
}

/** Keeps whole clients until the byte budget is spent; always at least one, so a page never stalls. */
export async function listClientsPage(
  caller: Caller,
  options: ListClientsOptions,
): Promise<ClientPage<ListedClient>> {
  const { fields } = options;
  if (fields === 'summary') return listSummaryPage(caller, options);
  // One extra client tells whether another page exists, so the last page never carries a cursor.
  const records = await listMatchingRecords(caller, {
    after: options.after,
    count: options.limit + 1,
    search: options.search,
  });
  const fullPage = await withSpend(records.slice(0, options.limit).map(toClient), budgetsOf(records));
  const page = fitToBudget(
    fullPage.map((client) => shape(client, fields)),
    CLIENT_PAGE_MAX_BYTES,
  );
  const hasMore = records.length > page.length;
  const last = fullPage[page.length - 1];
  return { clients: page, next_cursor: hasMore && last ? encodeCursor(last.id) : null };
}
