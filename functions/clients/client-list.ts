import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { describeValidationError } from '#functions/commons/http-handler';
import { decodeCursor, encodeCursor, fitToBudget } from '#functions/commons/paging';
import type { ClientSpend } from '#shared/budget';
import { type ClientPage, type ClientSummary, instructionPreviewsOf } from '#shared/client-list';
import { listClientsQuerySchema } from '#shared/client-list-query';
import { getClientsByIds, listVisibleClientRecords } from './client-access';
import { type ClientFieldSelection, parseClientFields, pickClientFields } from './client-fields';
import { CLIENT_CARD_ATTRIBUTES, toClient, toClientSummaryOfRecord } from './client-record';
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
}

export type ListedClient = (ClientSummary & ClientSpend) | ClientReply | Partial<ClientReply>;

/** Validates the query: limit, cursor and fields, each error naming its parameter. */
export function parseListClientsQuery(
  query: Readonly<Record<string, string | undefined>>,
): ListClientsOptions {
  const result = listClientsQuerySchema.safeParse({
    limit: query.limit || undefined,
    cursor: query.cursor || undefined,
    fields: query.fields,
  });
  if (!result.success) throw new BadRequestError(describeValidationError(result.error), 'validation_failed');
  const { limit, cursor, fields } = result.data;
  return {
    limit,
    after: cursor === undefined ? undefined : decodeCursor(cursor),
    fields: parseClientFields(fields),
  };
}

/**
 * The default page, the cards' summaries: each client is read with CLIENT_CARD_ATTRIBUTES only (its
 * stored previews, not the instructions), so DynamoDB, the SDK and the handler move a fraction of the
 * bytes (issue 15). An item written before previews were stored has none; those few are read again
 * whole and their previews computed from the texts, which gives the very same summary.
 */
async function listSummaryPage(
  caller: Caller,
  options: ListClientsOptions,
): Promise<ClientPage<ClientSummary & ClientSpend>> {
  // One extra client tells whether another page exists, so the last page never carries a cursor.
  const records = await listVisibleClientRecords(caller, {
    after: options.after,
    count: options.limit + 1,
    attributes: CLIENT_CARD_ATTRIBUTES,
  });
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
  const records = await listVisibleClientRecords(caller, { after: options.after, count: options.limit + 1 });
  const fullPage = await withSpend(records.slice(0, options.limit).map(toClient), budgetsOf(records));
  const page = fitToBudget(
    fullPage.map((client) => shape(client, fields)),
    CLIENT_PAGE_MAX_BYTES,
  );
  const hasMore = records.length > page.length;
  const last = fullPage[page.length - 1];
  return { clients: page, next_cursor: hasMore && last ? encodeCursor(last.id) : null };
}
