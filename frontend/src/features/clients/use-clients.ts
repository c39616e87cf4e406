import { useCallback, useEffect, useRef, useState } from 'react';
import type { Client } from '#shared/client';
import { CLIENT_PAGE_DEFAULT, type ClientSummary, toClientSummary } from '#shared/client-list';
import { type ClientPageRequest, fetchClientPage } from '@/lib/client-pages';
import { insertByNewest } from './client-display';
import { CLIENT_ERRORS } from './messages';
import { notifyError } from './notify';

export interface ClientList {
  /** Null while the first page loads (the skeleton shows), and after a failed first load. */
  clients: ClientSummary[] | null;
  /** True when the first page failed: the screen says so instead of showing the empty state. */
  failed: boolean;
  /** True while pages after the first are still coming: search does not cover every client yet. */
  loadingMore: boolean;
  /** A page after the first failed: the cards so far stay, and `reload` fetches the rest. */
  moreFailed: boolean;
  /** Loads the list again (the Try again buttons); after a later page failed, just the rest. */
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

/** Adds a page's clients after the ones already shown, leaving out any the screen already has. */
function appendPage(list: ClientSummary[] | null, page: readonly ClientSummary[]): ClientSummary[] {
  const current = list ?? [];
  const shown = new Set(current.map((client) => client.id));
  return [...current, ...page.filter((client) => !shown.has(client.id))];
}

/**
 * The visible clients, newest first, as their cards show them. The first page appears as soon as it
 * arrives; the following pages load right after it by themselves, so search covers every client once
 * they are in (2,000 clients: three requests).
 */
export function useClients(): ClientList {
  const [clients, setClients] = useState<ClientSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const loading = useRef<AbortController | null>(null);
  /** Where a failed later page stopped, so Try again fetches only the rest. */
  const resumeFrom = useRef<string | null>(null);

  const loadPages = useCallback(async (cursor: string | null, controller: AbortController) => {
    let next = cursor;
    let first = cursor === null;
    try {
      do {
        // The first page is the default size, so the first cards come at once; the rest come in the
        // largest pages (issue 32: 2,000 clients in three requests).
        const request: ClientPageRequest = {
          cursor: next,
          signal: controller.signal,
          ...(first ? { limit: CLIENT_PAGE_DEFAULT } : {}),
        };
        const page = await fetchClientPage<ClientSummary>(request);
        if (controller.signal.aborted) return;
        setClients((list) => appendPage(first ? [] : list, page.clients));
        first = false;
        next = page.next_cursor;
        resumeFrom.current = next;
        setLoadingMore(next !== null);
      } while (next !== null);
    } catch (error) {
      if (controller.signal.aborted) return;
      notifyError(error, CLIENT_ERRORS.fetch);
      setLoadingMore(false);
      if (first) setFailed(true);
      else setMoreFailed(true);
    }
  }, []);

  // Loads once on open, and again from the Try again buttons; never by itself after a failure.
  const load = useCallback(() => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    setFailed(false);
    setMoreFailed(false);
    if (resumeFrom.current !== null) {
      setLoadingMore(true);
      void loadPages(resumeFrom.current, controller);
      return;
    }
    setClients(null);
    void loadPages(null, controller);
  }, [loadPages]);

  useEffect(() => {
    load();
    return () => loading.current?.abort();
  }, [load]);

  const update = useCallback((change: (list: ClientSummary[]) => ClientSummary[]) => {
    setClients((list) => (list === null ? list : change(list)));
  }, []);

  return {
    clients,
    failed,
    loadingMore,
    moreFailed,
    reload: load,
    prepend: useCallback(
      (client) => update((list) => [toClientSummary(client), ...list.filter((c) => c.id !== client.id)]),
      [update],
    ),
    replace: useCallback(
      (client) => update((list) => list.map((c) => (c.id === client.id ? toClientSummary(client) : c))),
      [update],
    ),
    remove: useCallback((clientId) => update((list) => list.filter((c) => c.id !== clientId)), [update]),
    restore: useCallback(
      (client) => update((list) => insertByNewest(list, toClientSummary(client))),
      [update],
    ),
    patch: useCallback(
      (clientId, changes) =>
        update((list) => list.map((c) => (c.id === clientId ? { ...c, ...changes(c) } : c))),
      [update],
    ),
  };
}
