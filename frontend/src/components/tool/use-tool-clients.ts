import { useEffect, useState } from 'react';
import type { ClientSpend } from '#shared/budget';
import type { Client } from '#shared/client';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { clientFields, fetchClientsByName } from '@/lib/client-pages';
import { ERROR_TITLE } from './tool-messages';
import { showToast } from './tool-toast';

/**
 * A client as the tools' pickers load it: id and name always, its creator and spending (for the budget
 * warning), and the other fields the tool asked for.
 */
export type ToolClient = Pick<Client, 'id' | 'name'> &
  Partial<Omit<Client, 'id' | 'name'>> &
  Partial<ClientSpend>;

/** Every picker loads these, so the chosen client's budget warning can show (issue 34 item 4). */
const BUDGET_FIELDS = ['created_by', 'budget', 'monthToDateUsd'] as const;

/** Who is looking: the owner of a client and admins see its budget warning. */
export type ToolViewer = { readonly id: string; readonly isAdmin: boolean } | null;

export type ClientPickerField = Exclude<keyof Client, 'id' | 'name'>;

/** The spec's fallback when the client list cannot be loaded (001 §8). */
export const FETCH_CLIENTS_FAILED = TOOL_MESSAGES.fetchClientsFailed;

/** The picker's clients; spread into <ClientSelect>, which says when the list failed to load. */
export interface ToolClientList {
  readonly clients: readonly ToolClient[];
  readonly loading: boolean;
  /** The list could not be loaded: the picker says so instead of offering "no client" as if none exist. */
  readonly failed: boolean;
  readonly viewer?: ToolViewer;
}

/**
 * The visible clients for a picker, ordered by name, with only the fields the tool reads (the lean
 * `?fields=` list of GET /api/clients, every page of it). The newsletter only logs a failure (000 §8);
 * the other tools show 'Error' / 'Failed to fetch clients' (001 §8).
 */
export function useToolClients(
  fields: readonly ClientPickerField[],
  options: { toastOnError?: boolean } = {},
): ToolClientList {
  const [state, setState] = useState<ToolClientList>({ clients: [], loading: true, failed: false });
  const { user } = useAuth();
  const query = clientFields([...BUDGET_FIELDS, ...fields]);
  const toastOnError = options.toastOnError ?? true;

  useEffect(() => {
    const controller = new AbortController();
    fetchClientsByName<ToolClient>({ fields: query, signal: controller.signal })
      .then((clients) => setState({ clients, loading: false, failed: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the client list failed:', error);
        setState({ clients: [], loading: false, failed: true });
        if (toastOnError) {
          showToast(
            { title: ERROR_TITLE, description: errorMessage(error, FETCH_CLIENTS_FAILED) },
            'destructive',
          );
        }
      });
    return () => controller.abort();
  }, [query, toastOnError]);

  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  return { ...state, viewer };
}

export function findClient(clients: readonly ToolClient[], id: string | null): ToolClient | null {
  return id === null ? null : (clients.find((client) => client.id === id) ?? null);
}
