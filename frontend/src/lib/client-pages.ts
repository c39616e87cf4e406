import type { ClientSpend } from '#shared/budget';
import type { Client } from '#shared/client';
import { byClientName, CLIENT_PAGE_MAX, type ClientPage } from '#shared/client-list';
import { api } from './api-client';

/**
 * GET /api/clients: one page (newest first, searched on the server with `search`), or every page one
 * after another (`next_cursor` until it is null) for the screens that need them all (the publisher, the
 * calendar: filters and name order over every client). Those pages are the largest allowed (1,000
 * summaries), so 2,000 clients take two or three requests; the Clients page and the tools' picker load a
 * page at a time instead.
 */

export interface ClientPageRequest {
  /** Clients in the page; the largest the server serves when absent. */
  readonly limit?: number;
  /** `full` or a comma-separated field list; absent for the card summary. */
  readonly fields?: string;
  readonly cursor?: string | null;
  /** Only the clients matching this text (the server's `search`); every client when empty or absent. */
  readonly search?: string;
  readonly signal?: AbortSignal;
}

export function fetchClientPage<Item>(request: ClientPageRequest): Promise<ClientPage<Item>> {
  const query = new URLSearchParams({ limit: String(request.limit ?? CLIENT_PAGE_MAX) });
  if (request.fields) query.set('fields', request.fields);
  if (request.cursor) query.set('cursor', request.cursor);
  const search = request.search?.trim();
  if (search) query.set('search', search);
  return api.get<ClientPage<Item>>(`/api/clients?${query}`, request.signal ? { signal: request.signal } : {});
}

/** Every page, in order; `onPage` sees each as it arrives (the list shows the first at once). */
export async function fetchAllClients<Item>(
  request: Omit<ClientPageRequest, 'cursor'> & { readonly onPage?: (items: Item[]) => void } = {},
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: ClientPage<Item> = await fetchClientPage<Item>({ ...request, cursor });
    const list = Array.isArray(page.clients) ? page.clients : [];
    items.push(...list);
    request.onPage?.(list);
    cursor = typeof page.next_cursor === 'string' ? page.next_cursor : null;
  } while (cursor);
  return items;
}

/**
 * The data layer's key prefix of the tools' pickers' lists (components/tool/use-tool-clients.ts): the
 * Clients page marks them stale when it changes a client, without loading the pickers' code.
 */
export const CLIENT_PICKER_KEY = ['clients', 'picker'] as const;

/** What every client picker shows of a client: the option's value and text. */
export type ClientName = Pick<Client, 'id' | 'name'>;

/** A field the list can return: the client's own, or its spending this month (docs/decisions.md, "Client budgets that tell the truth"). */
export type ClientListField = keyof Client | keyof ClientSpend;

/** The lean `fields=` list of a picker: id and name, then the fields it reads, each once. */
export function clientFields(fields: readonly ClientListField[] = []): string {
  return [...new Set<ClientListField>(['id', 'name', ...fields])].join(',');
}

function hasIdAndName(value: unknown): value is ClientName {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.name === 'string';
}

/**
 * The clients a picker offers (the tools, the WordPress Publisher, the calendar): every page of the
 * list with `fields` (from clientFields), ordered by name as the Clients page orders them.
 */
export async function fetchClientsByName<Item extends ClientName>(
  request: Omit<ClientPageRequest, 'cursor' | 'limit'> & { readonly fields: string },
): Promise<Item[]> {
  const clients = await fetchAllClients<Item>(request);
  // A summary without an id or a name could not be an option: left out rather than breaking the sort.
  return clients.filter(hasIdAndName).sort(byClientName);
}
