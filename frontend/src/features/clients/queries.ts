import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  type ClientPage,
  type ClientSummary,
  matchesClientSearch,
  normalizeClientSearch,
} from '#shared/client-list';
import { fetchClientPage } from '@/lib/client-pages';
import { CLIENT_ERRORS } from './messages';

/**
 * The Clients page's list in the data layer: one infinite query per search, each page one GET
 * /api/clients (newest first, searched on the server). The route's prefetch (app/screen-prefetch.ts)
 * starts the same query with these options as `/clients` is matched, so the screen finds its first
 * page under way or in the cache.
 */

/**
 * The first page: a screenful and more (eight rows of three cards), about 35 KB of JSON for full
 * profiles, so the first cards paint early on a slow link (docs/benchmarks.md, "Signed-in screens").
 */
export const CLIENT_CARDS_FIRST_PAGE = 24;
/** Each further page, loaded as the grid's end comes near or from 'Load more clients'. */
export const CLIENT_CARDS_NEXT_PAGE = 100;

export type ClientCardsData = InfiniteData<ClientPage<ClientSummary>, string | null>;

/**
 * The keys (docs/architecture.md, "The frontend's data layer"): every client list under `all` (the
 * tools' pickers' too, lib/client-pages.ts), the cards' lists under `cards`, one per search.
 */
export const clientKeys = {
  all: ['clients'] as const,
  cards: () => [...clientKeys.all, 'cards'] as const,
  cardsOf: (needle: string) => [...clientKeys.cards(), needle] as const,
};

/** Every search's list: the key prefix the cache patches go through. */
export const CLIENT_CARDS_KEY = clientKeys.cards();

export const clientCardsQuery = (search: string) => {
  const needle = normalizeClientSearch(search);
  return infiniteQueryOptions({
    queryKey: clientKeys.cardsOf(needle),
    // The cache toasts a failed read once (lib/query-client.tsx); the screen shows Try again.
    meta: { failureToast: CLIENT_ERRORS.fetch, failureTitle: CLIENT_ERRORS.title },
    queryFn: ({ pageParam, signal }) =>
      fetchClientPage<ClientSummary>({
        cursor: pageParam,
        limit: pageParam === null ? CLIENT_CARDS_FIRST_PAGE : CLIENT_CARDS_NEXT_PAGE,
        search: needle,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ClientPage<ClientSummary>): string | null => last.next_cursor,
  });
};

/** The clients of every loaded page, in order, each once (a page refetched behind may repeat one). */
export function clientsOf(
  data: { readonly pages: readonly ClientPage<ClientSummary>[] } | undefined,
): ClientSummary[] | null {
  if (!data) return null;
  const seen = new Set<string>();
  const clients: ClientSummary[] = [];
  for (const page of data.pages) {
    for (const client of page.clients) {
      if (seen.has(client.id)) continue;
      seen.add(client.id);
      clients.push(client);
    }
  }
  return clients;
}

/** What a change knows of the list it changes: its search, and whether every page is loaded. */
interface ListContext {
  readonly needle: string;
  readonly complete: boolean;
}

type PagesChange = (pages: ClientSummary[][], list: ListContext) => ClientSummary[][];

/**
 * Applies a change to the loaded pages of every search's list (a saved, deleted or restored client
 * shows in each list it belongs to); the cursors stay, since they name clients, not positions.
 */
export function patchClientCards(queryClient: QueryClient, change: PagesChange): void {
  for (const [key, data] of queryClient.getQueriesData<ClientCardsData>({ queryKey: CLIENT_CARDS_KEY })) {
    if (!data) continue;
    const needle = typeof key[2] === 'string' ? key[2] : '';
    const complete = data.pages[data.pages.length - 1]?.next_cursor === null;
    const pages = change(
      data.pages.map((page) => page.clients),
      { needle, complete },
    );
    queryClient.setQueryData<ClientCardsData>(key, {
      ...data,
      pages: data.pages.map((page, index) => ({ ...page, clients: pages[index] ?? page.clients })),
    });
  }
}

/** A new client is the newest: the top of the first page of each list it matches (000 §4). */
export const prependClient =
  (client: ClientSummary): PagesChange =>
  (pages, { needle }) =>
    matchesClientSearch(client, needle)
      ? pages.map((page, index) =>
          index === 0
            ? [client, ...page.filter((c) => c.id !== client.id)]
            : page.filter((c) => c.id !== client.id),
        )
      : pages;

/** An edited client replaces the old one in place, and leaves a search it no longer matches. */
export const replaceClient =
  (client: ClientSummary): PagesChange =>
  (pages, { needle }) => {
    const matches = matchesClientSearch(client, needle);
    return pages.map((page) => page.flatMap((c) => (c.id !== client.id ? [c] : matches ? [client] : [])));
  };

export const removeClient =
  (clientId: string): PagesChange =>
  (pages) =>
    pages.map((page) => page.filter((c) => c.id !== clientId));

/**
 * An undone delete goes back where it was in the newest-first order: into the loaded page that spans
 * its place. Older than every loaded client, it is left to the page that will bring it (its id is
 * past the last cursor), unless the list is whole, when it goes last.
 */
export const restoreClient =
  (client: ClientSummary): PagesChange =>
  (pages, { needle, complete }) => {
    if (!matchesClientSearch(client, needle)) return pages;
    const rest = pages.map((page) => page.filter((c) => c.id !== client.id));
    for (const [index, page] of rest.entries()) {
      const at = page.findIndex((existing) => existing.created_at < client.created_at);
      if (at !== -1) {
        return rest.map((other, otherIndex) =>
          otherIndex === index ? [...page.slice(0, at), client, ...page.slice(at)] : other,
        );
      }
    }
    if (!complete || rest.length === 0) return rest;
    return rest.map((page, index) => (index === rest.length - 1 ? [...page, client] : page));
  };

/** Keeps the menu counts right as the dialogs change content and grants. */
export const patchClient =
  (
    clientId: string,
    changes: (client: ClientSummary) => Partial<Pick<ClientSummary, 'content_count' | 'access_count'>>,
  ): PagesChange =>
  (pages) =>
    pages.map((page) => page.map((c) => (c.id === clientId ? { ...c, ...changes(c) } : c)));
