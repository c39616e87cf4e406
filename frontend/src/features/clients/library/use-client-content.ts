import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { type ContentSummary, toContentSummary } from '#shared/content-summary';
import { LIBRARY_ERRORS } from '../messages';
import { notifyError } from '../notify';
import { fetchContentSummaries } from './content-api';

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

interface LoadedLibrary {
  clientId: string;
  items: ContentSummary[];
  complete: boolean;
  /** How many items the pages so far brought, whether deleted since or not. */
  arrived: number;
}

/** A client's library as its cards' summaries, loaded when the dialog opens with a client id (000 §4). */
export function useClientContent(
  clientId: string | null,
  onLoaded: (clientId: string, count: number) => void,
): ClientContentState {
  const [state, setState] = useState<LoadedLibrary | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const loading = useRef<AbortController | null>(null);

  // Loads when the dialog opens with a client, and again from the Try again button.
  const load = useCallback(
    (id: string) => {
      loading.current?.abort();
      const controller = new AbortController();
      loading.current = controller;
      setState(null);
      setFailedFor(null);
      fetchContentSummaries(id, controller.signal, (items, complete) => {
        if (controller.signal.aborted) return;
        // Changes made while the rest loaded (an edit, a delete) are kept over the page's copy.
        setState((current) => ({
          clientId: id,
          complete,
          arrived: items.length,
          items: current && current.clientId === id ? mergeArrived(current, items) : items,
        }));
      }).then(
        (items) => {
          if (!controller.signal.aborted) onLoaded(id, items.length);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          notifyError(error, LIBRARY_ERRORS.load);
          setFailedFor(id);
        },
      );
    },
    [onLoaded],
  );

  useEffect(() => {
    // On close the last library stays in place, so the dialog does not flash a skeleton as it animates out.
    if (!clientId) return;
    load(clientId);
    return () => loading.current?.abort();
  }, [clientId, load]);

  const change = useCallback(
    (item: Pick<ContentSummary, 'client_id'>, update: (list: ContentSummary[]) => ContentSummary[]) => {
      setState((current) =>
        current && current.clientId === item.client_id
          ? { ...current, items: update(current.items) }
          : current,
      );
    },
    [],
  );

  const shown = state && (clientId === null || state.clientId === clientId) ? state : null;
  return {
    failed: clientId !== null && failedFor === clientId,
    reload: useCallback(() => clientId !== null && load(clientId), [clientId, load]),
    items: shown?.items ?? null,
    complete: shown?.complete ?? false,
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
