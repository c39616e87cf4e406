import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { Client } from '#shared/client';
import { type ClientSummary, toClientSummary } from '#shared/client-list';
import { CLIENT_PICKER_KEY } from '@/lib/client-pages';
import {
  clientCardsQuery,
  clientsOf,
  patchClient,
  patchClientCards,
  prependClient,
  removeClient,
  replaceClient,
  restoreClient,
} from './queries';

export interface ClientList {
  /** Null while the first page loads (the skeleton shows), and after a failed first load. */
  clients: ClientSummary[] | null;
  /** True when the first page failed: the screen says so instead of showing the empty state. */
  failed: boolean;
  /** True while the next page is on its way. */
  loadingMore: boolean;
  /** The server has more clients than the pages loaded so far. */
  hasMore: boolean;
  /** True while `clients` are still the previous search's, the new one's first page not in yet. */
  searching: boolean;
  /** A page after the first failed: the cards so far stay, and `reload` fetches the rest. */
  moreFailed: boolean;
  /** Loads the next page (the grid's end in view, or 'Load more clients'); nothing while one loads. */
  loadMore: () => void;
  /** Loads the list again (the Try again buttons); after a later page failed, just that page. */
  reload: () => void;
  /** A new client goes to the top (000 §4). */
  prepend: (client: Client) => void;
  /** An edited client replaces the old one in place. */
  replace: (client: Client) => void;
  remove: (clientId: string) => void;
  /** An undone delete puts the client back where it was in the newest-first order. */
  restore: (client: Client) => void;
  /** Keeps the menu counts right as the dialogs change content and grants. */
  patch: (
    clientId: string,
    changes: (client: ClientSummary) => Partial<Pick<ClientSummary, 'content_count' | 'access_count'>>,
  ) => void;
}

/**
 * The visible clients matching `search`, newest first, as their cards show them: one page at a time
 * from the server (clientCardsQuery), the next as the screen asks for it. A new search keeps the cards
 * of the last one until its first page is in. Saves, deletes, undos and count changes patch every
 * cached list (setQueryData), so no list is read again for them.
 */
export function useClients(search: string): ClientList {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...clientCardsQuery(search), placeholderData: keepPreviousData });
  const { data, fetchNextPage, refetch } = query;
  const clients = useMemo(() => clientsOf(data), [data]);
  // While Try again reads it once more, the skeleton shows rather than the failure.
  const failed = query.isError && data === undefined && !query.isFetching;
  const moreFailed = query.isFetchNextPageError && !query.isFetchingNextPage;

  const fetchingNext = useRef(false);
  fetchingNext.current = query.isFetchingNextPage;
  const loadMore = useCallback(() => {
    if (fetchingNext.current) return;
    // A failed page is kept in the query; the next try starts from the same cursor.
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  const reload = useCallback(() => {
    if (moreFailed) void fetchNextPage();
    else void refetch();
  }, [moreFailed, fetchNextPage, refetch]);

  const change = useCallback(
    (pagesChange: Parameters<typeof patchClientCards>[1]) => {
      patchClientCards(queryClient, pagesChange);
      // The tools' pickers read their own lean lists: read again when next shown.
      void queryClient.invalidateQueries({ queryKey: CLIENT_PICKER_KEY, refetchType: 'none' });
    },
    [queryClient],
  );

  return {
    clients,
    failed,
    loadingMore: query.isFetchingNextPage,
    hasMore: query.hasNextPage && !query.isPlaceholderData,
    searching: query.isPlaceholderData,
    moreFailed,
    loadMore,
    reload,
    prepend: useCallback((client) => change(prependClient(toClientSummary(client))), [change]),
    replace: useCallback((client) => change(replaceClient(toClientSummary(client))), [change]),
    remove: useCallback((clientId) => change(removeClient(clientId)), [change]),
    restore: useCallback((client) => change(restoreClient(toClientSummary(client))), [change]),
    patch: useCallback((clientId, changes) => change(patchClient(clientId, changes)), [change]),
  };
}
