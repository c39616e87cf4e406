import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientContent } from '#shared/content';
import { LIBRARY_ERRORS } from '../messages';
import { notifyError } from '../notify';
import { fetchAllContent } from './content-api';

export interface ClientContentState {
  /** Null while loading, and after a failed load. */
  items: ClientContent[] | null;
  /** True when the load failed: the library says so instead of 'no content yet'. */
  failed: boolean;
  reload: () => void;
  replace: (item: ClientContent) => void;
  remove: (item: ClientContent) => void;
  /** Puts an undone delete back (the view sorts); ignored once the library shows another client. */
  add: (item: ClientContent) => void;
}

/** A client's library, loaded when the dialog opens with a client id (000 §4). */
export function useClientContent(
  clientId: string | null,
  onLoaded: (clientId: string, count: number) => void,
): ClientContentState {
  const [state, setState] = useState<{ clientId: string; items: ClientContent[] } | null>(null);
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
      fetchAllContent(id, controller.signal).then(
        (items) => {
          setState({ clientId: id, items });
          onLoaded(id, items.length);
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

  const change = useCallback((item: ClientContent, update: (list: ClientContent[]) => ClientContent[]) => {
    setState((current) =>
      current && current.clientId === item.client_id ? { ...current, items: update(current.items) } : current,
    );
  }, []);

  return {
    failed: clientId !== null && failedFor === clientId,
    reload: useCallback(() => clientId !== null && load(clientId), [clientId, load]),
    items: state && (clientId === null || state.clientId === clientId) ? state.items : null,
    replace: useCallback(
      (item) => change(item, (list) => list.map((i) => (i.id === item.id ? item : i))),
      [change],
    ),
    remove: useCallback((item) => change(item, (list) => list.filter((i) => i.id !== item.id)), [change]),
    add: useCallback(
      (item) => change(item, (list) => [item, ...list.filter((i) => i.id !== item.id)]),
      [change],
    ),
  };
}
