import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ClientContent } from '#shared/content';
import { type ContentSummary, toContentSummary } from '#shared/content-summary';
import { clientContentQuery, type LoadedLibrary, libraryKeys } from './queries';

/** An item as the library holds it: its summary; a whole item (an edit's answer) is summarized. */
export type LibraryItemChange = ContentSummary | ClientContent;

const summaryOf = (item: LibraryItemChange): ContentSummary =>
  'html_content' in item ? toContentSummary(item) : item;

export interface ClientContentState {
  /** Null while the first items load, and after a failed load. */
  items: ContentSummary[] | null;
  /** True once every item has arrived (the first screen's come first). */
  complete: boolean;
  /** True when the load failed: the library says so instead of 'no content yet'. */
  failed: boolean;
  reload: () => void;
  replace: (item: LibraryItemChange) => void;
  remove: (item: Pick<ContentSummary, 'id' | 'client_id'>) => void;
  /** Puts an undone delete back (the view sorts); ignored once the library shows another client. */
  add: (item: LibraryItemChange) => void;
}

/** A client's library as its cards' summaries, loaded when the dialog opens with a client id (000 §4). */
export function useClientContent(
  clientId: string | null,
  onLoaded: (clientId: string, count: number) => void,
): ClientContentState {
  const queryClient = useQueryClient();
  const library = useQuery({
    ...clientContentQuery(queryClient, clientId ?? '', onLoaded),
    enabled: clientId !== null,
    // On close the last library stays in place, so the dialog does not flash a skeleton as it animates out.
    placeholderData: clientId === null ? keepPreviousData : undefined,
  });

  const change = useCallback(
    (item: Pick<ContentSummary, 'client_id'>, update: (list: ContentSummary[]) => ContentSummary[]) => {
      // Ignored once the library shows another client: its cache is gone (gcTime 0).
      queryClient.setQueryData<LoadedLibrary>(libraryKeys.content(item.client_id), (current) =>
        current ? { ...current, items: update(current.items) } : current,
      );
    },
    [queryClient],
  );

  const { refetch } = library;
  return {
    failed: clientId !== null && library.isError,
    reload: useCallback(() => void refetch(), [refetch]),
    items: library.data?.items ?? null,
    complete: library.data?.complete ?? false,
    replace: useCallback(
      (changed) => {
        const item = summaryOf(changed);
        change(item, (list) => list.map((i) => (i.id === item.id ? item : i)));
      },
      [change],
    ),
    remove: useCallback((item) => change(item, (list) => list.filter((i) => i.id !== item.id)), [change]),
    add: useCallback(
      (changed) => {
        const item = summaryOf(changed);
        change(item, (list) => [item, ...list.filter((i) => i.id !== item.id)]);
      },
      [change],
    ),
  };
}
