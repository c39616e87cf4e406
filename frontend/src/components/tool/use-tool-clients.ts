import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { byClientName, normalizeClientSearch } from '#shared/client-list';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useDebounced } from '@/lib/use-debounced';
import {
  type ClientPickerField,
  everyToolClientQuery,
  type ToolClient,
  toolClientFields,
  toolClientsQuery,
} from './tool-clients-query';
import { ERROR_TITLE } from './tool-messages';
import { showToast } from './tool-toast';

export type { ClientPickerField, ToolClient } from './tool-clients-query';

/** Who is looking: the owner of a client and admins see its budget warning. */
export type ToolViewer = { readonly id: string; readonly isAdmin: boolean } | null;

/** The spec's fallback when the client list cannot be loaded (001 §8). */
export const FETCH_CLIENTS_FAILED = TOOL_MESSAGES.fetchClientsFailed;

/** How long typing in the picker's search pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

/** The picker's search, driven by its search box (ClientSelect's combobox). */
export interface ToolClientSearch {
  readonly text: string;
  readonly onText: (text: string) => void;
  /** The options for `text`: the newest matches (or, without a search, the newest clients) by name. */
  readonly options: readonly ToolClient[];
  /** A search's answer is on its way; `options` are the last one's meanwhile. */
  readonly pending: boolean;
  /** The search failed: the picker says so in its list. */
  readonly failed: boolean;
  /** The server has more clients than `options`: typing finds them. */
  readonly more: boolean;
}

/** The picker's clients; spread into <ClientSelect>, which says when the list failed to load. */
export interface ToolClientList {
  /** Every client seen so far (the first page, the searches' matches), by name: findClient looks here. */
  readonly clients: readonly ToolClient[];
  readonly loading: boolean;
  /** The list could not be loaded: the picker says so instead of offering "no client" as if none exist. */
  readonly failed: boolean;
  readonly viewer?: ToolViewer;
  /** Present unless the list loads every client (`every`). */
  readonly search?: ToolClientSearch;
}

const hasIdAndName = (value: ToolClient): boolean =>
  typeof value?.id === 'string' && typeof value.name === 'string';

const byName = (clients: readonly ToolClient[]): ToolClient[] =>
  clients.filter(hasIdAndName).sort(byClientName);

/**
 * The visible clients for a picker, with only the fields the tool reads (the lean `?fields=` list of
 * GET /api/clients). A picker (ClientSelect) gets the first page at once and searches the server as its
 * user types, never the whole list; every client it has shown stays in `clients`, so the chosen one is
 * found whatever the search says now. The newsletter only logs a failure (000 §8); the other tools
 * show 'Error' / 'Failed to fetch clients' (001 §8).
 */
export function useToolClients(
  fields: readonly ClientPickerField[],
  options: {
    toastOnError?: boolean;
    /**
     * Load every client instead of a page and searches: for a list read whole rather than picked
     * from (the bulk composer's CSV check).
     */
    every?: boolean;
  } = {},
): ToolClientList {
  const { user } = useAuth();
  const query = toolClientFields(fields);
  const toastOnError = options.toastOnError ?? true;

  const mode = options.every ? 'every' : 'picker';

  const [text, setText] = useState('');
  const needle = normalizeClientSearch(useDebounced(text, SEARCH_DEBOUNCE_MS));
  const first = useQuery({ ...toolClientsQuery(query), enabled: mode === 'picker' });
  const searched = useQuery({
    ...toolClientsQuery(query, needle),
    enabled: mode === 'picker' && needle !== '',
    placeholderData: keepPreviousData,
  });
  const every = useQuery({ ...everyToolClientQuery(query), enabled: mode === 'every' });

  const whole = mode === 'every' ? every : first;
  const failed = whole.isError && whole.data === undefined;
  const loading = !failed && whole.data === undefined;
  const { error } = whole;
  useEffect(() => {
    if (!error) return;
    console.error('Loading the client list failed:', error);
    if (toastOnError) {
      showToast(
        { title: ERROR_TITLE, description: errorMessage(error, FETCH_CLIENTS_FAILED) },
        'destructive',
      );
    }
  }, [error, toastOnError]);

  // Every client seen, latest reply first in each; kept across searches so a choice stays found.
  const seen = useRef(new Map<string, ToolClient>());
  const clients = useMemo(() => {
    for (const client of [
      ...(every.data ?? []),
      ...(first.data?.clients ?? []),
      ...(searched.data?.clients ?? []),
    ]) {
      if (hasIdAndName(client)) seen.current.set(client.id, client);
    }
    return byName([...seen.current.values()]);
  }, [every.data, first.data, searched.data]);

  const searching = needle !== '';
  const shown = searching ? searched.data : first.data;
  const search = useMemo<ToolClientSearch>(
    () => ({
      text,
      onText: setText,
      options: byName(shown?.clients ?? []),
      // Typing not yet sent counts too, so the options never pass for the answer to the new text.
      pending:
        normalizeClientSearch(text) !== needle ||
        (searching && (searched.isPlaceholderData || searched.isPending)),
      failed: searching && searched.isError,
      more: typeof shown?.next_cursor === 'string',
    }),
    [text, shown, searching, searched.isPlaceholderData, searched.isPending, searched.isError, needle],
  );

  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  return { clients, loading, failed, viewer, ...(mode === 'every' ? {} : { search }) };
}

export function findClient(clients: readonly ToolClient[], id: string | null): ToolClient | null {
  return id === null ? null : (clients.find((client) => client.id === id) ?? null);
}
