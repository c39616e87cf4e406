import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ClientContent } from '#shared/content';
import type { ContentSummary } from '#shared/content-summary';
import { CLIENT_ERRORS, HISTORY_DIALOG, LIBRARY_ERRORS } from '../messages';
import { fetchContentSummaries, searchContentIds } from './content-api';
import { fetchVersion, fetchVersions } from './history-api';

/** The library's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const libraryKeys = {
  all: ['library'] as const,
  content: (clientId: string) => [...libraryKeys.all, clientId, 'content'] as const,
  search: (clientId: string, search: string) => [...libraryKeys.all, clientId, 'search', search] as const,
  /** An item's versions: the list, and whole versions (which never change once written). */
  history: (clientId: string, contentId: string) =>
    [...libraryKeys.all, clientId, 'history', contentId] as const,
  versions: (clientId: string, contentId: string, versionIds: readonly string[]) =>
    [...libraryKeys.history(clientId, contentId), 'versions', ...versionIds] as const,
};

/** A client's library as the cache holds it while its pages arrive and after. */
export interface LoadedLibrary {
  items: ContentSummary[];
  /** True once every item has arrived (the first screen's come first). */
  complete: boolean;
  /** How many items the pages so far brought, whether deleted since or not. */
  arrived: number;
  /** The read that brought them: a new read (Try again) starts over instead of merging into an old one. */
  read: object;
}

/**
 * A client's library, its pages put in the cache as they arrive, so the first screen shows before the
 * rest. Read afresh each time the library opens (gcTime 0), as before the data layer: other screens
 * (the tools, the publisher, reviewers) add to it without telling this one.
 */
export const clientContentQuery = (
  queryClient: QueryClient,
  clientId: string,
  onLoaded: (clientId: string, count: number) => void,
) => {
  const queryKey = libraryKeys.content(clientId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<LoadedLibrary> => {
      const read = {};
      const held = () => queryClient.getQueryData<LoadedLibrary>(queryKey);
      const arrive = (items: ContentSummary[], complete: boolean): LoadedLibrary => {
        const current = held();
        // Changes made while the rest loaded (an edit, a delete) are kept over the page's copy.
        return {
          read,
          complete,
          arrived: items.length,
          items: current?.read === read ? mergeArrived(current, items) : items,
        };
      };
      const items = await fetchContentSummaries(clientId, signal, (page, complete) => {
        if (!signal.aborted) queryClient.setQueryData(queryKey, arrive(page, complete));
      });
      onLoaded(clientId, items.length);
      return arrive(items, true);
    },
    gcTime: 0,
    meta: { failureToast: LIBRARY_ERRORS.load, failureTitle: CLIENT_ERRORS.title },
  });
};

/**
 * Every item that has arrived, with those already held kept as they are held (edited while the rest
 * loaded), those of earlier pages that are no longer held left out (deleted meanwhile), and items held
 * but not listed (restored meanwhile) kept.
 */
function mergeArrived(held: LoadedLibrary, arrived: readonly ContentSummary[]): ContentSummary[] {
  const heldById = new Map(held.items.map((item) => [item.id, item]));
  const shownBefore = new Set(arrived.slice(0, held.arrived).map((item) => item.id));
  const listed = new Set(arrived.map((item) => item.id));
  const merged = arrived.flatMap((item) => {
    const kept = heldById.get(item.id);
    if (kept) return [kept];
    return shownBefore.has(item.id) ? [] : [item];
  });
  return [...held.items.filter((item) => !listed.has(item.id)), ...merged];
}

/**
 * The ids of the client's items whose text holds `search`, as the server finds them; a search typed
 * again is asked again (gcTime 0): the items' words may have changed since.
 */
export const textSearchQuery = (clientId: string, search: string) =>
  queryOptions({
    queryKey: libraryKeys.search(clientId, search),
    queryFn: ({ signal }): Promise<ReadonlySet<string>> => searchContentIds(clientId, search, signal),
    gcTime: 0,
    meta: { failureToast: LIBRARY_ERRORS.search, failureTitle: CLIENT_ERRORS.title },
  });

type ItemRef = Pick<ClientContent, 'client_id' | 'id'>;

/**
 * An item's versions, newest first, a page at a time. Read afresh each time the history opens (gcTime
 * 0): an edit elsewhere adds one.
 */
export const versionsQuery = (item: ItemRef) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.history(item.client_id, item.id),
    queryFn: ({ signal, pageParam }) => fetchVersions(item, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    gcTime: 0,
    meta: { failureToast: HISTORY_DIALOG.loadFailed, failureTitle: CLIENT_ERRORS.title },
  });

/** Whole versions, to view or compare: they never change, so each is read once. */
export const fullVersionsQuery = (item: ItemRef, versionIds: readonly string[]) =>
  queryOptions({
    queryKey: libraryKeys.versions(item.client_id, item.id, versionIds),
    queryFn: ({ signal }) => Promise.all(versionIds.map((id) => fetchVersion(item, id, signal))),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { failureToast: HISTORY_DIALOG.loadFailed, failureTitle: CLIENT_ERRORS.title },
  });
