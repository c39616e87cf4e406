import { useCallback, useEffect, useRef, useState } from 'react';
import type { Client } from '#shared/client';
import { insertByNewest } from './client-display';
import { fetchClients } from './clients-api';
import { CLIENT_ERRORS } from './messages';
import { notifyError } from './notify';

export interface ClientList {
  /** Null while the first load runs (the skeleton shows), and after a failed load. */
  clients: Client[] | null;
  /** True when the load failed: the screen says so instead of showing the empty state. */
  failed: boolean;
  /** Loads the list again (the Try again button). */
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
    changes: (client: Client) => Partial<Pick<Client, 'content_count' | 'access_count'>>,
  ) => void;
}

/** The visible clients, newest first, loaded once when the screen opens. */
export function useClients(): ClientList {
  const [clients, setClients] = useState<Client[] | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef<AbortController | null>(null);

  // Loads once on open, and again from the Try again button; never by itself after a failure.
  const load = useCallback(() => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    setFailed(false);
    setClients(null);
    fetchClients(controller.signal).then(setClients, (error: unknown) => {
      if (controller.signal.aborted) return;
      notifyError(error, CLIENT_ERRORS.fetch);
      setFailed(true);
    });
  }, []);

  useEffect(() => {
    load();
    return () => loading.current?.abort();
  }, [load]);

  const update = useCallback((change: (list: Client[]) => Client[]) => {
    setClients((list) => (list === null ? list : change(list)));
  }, []);

  return {
    clients,
    failed,
    reload: load,
    prepend: useCallback(
      (client) => update((list) => [client, ...list.filter((c) => c.id !== client.id)]),
      [update],
    ),
    replace: useCallback(
      (client) => update((list) => list.map((c) => (c.id === client.id ? client : c))),
      [update],
    ),
    remove: useCallback((clientId) => update((list) => list.filter((c) => c.id !== clientId)), [update]),
    restore: useCallback((client) => update((list) => insertByNewest(list, client)), [update]),
    patch: useCallback(
      (clientId, changes) =>
        update((list) => list.map((c) => (c.id === clientId ? { ...c, ...changes(c) } : c))),
      [update],
    ),
  };
}
