import { useCallback } from 'react';
import type { ClientSummary } from '#shared/client-list';
import { deleteClient, restoreClient } from './clients-api';
import { CLIENT_ERRORS, CLIENT_TOASTS } from './messages';
import { notifyError, notifySuccess, notifyWithUndo } from './notify';
import type { ClientList } from './use-clients';

/**
 * Where the keyboard focus goes once a card has left or come back: a client's card (its
 * Actions button), or the page's heading (null) when no card is left in view.
 */
export type MoveFocus = (clientId: string | null) => void;

/**
 * Delete takes effect at once, without a confirmation (000 §4); the toast offers Undo, which restores the
 * client with its content and grants through POST /api/clients/{id}/restore. The focus, on the deleted
 * card's menu until then, moves to `nextId`'s card (the one after it in view, else the one before); after
 * Undo, to the restored card. It would otherwise fall to <body> with the card, or with the toast.
 */
export function useDeleteClient(
  list: Pick<ClientList, 'remove' | 'restore'>,
  moveFocus: MoveFocus,
): (client: ClientSummary, nextId: string | null) => Promise<void> {
  const { remove, restore } = list;
  return useCallback(
    async (client: ClientSummary, nextId: string | null) => {
      try {
        await deleteClient(client.id);
      } catch (error) {
        notifyError(error, CLIENT_ERRORS.delete);
        return;
      }
      remove(client.id);
      moveFocus(nextId);
      notifyWithUndo(
        CLIENT_TOASTS.deleted,
        async () => {
          try {
            restore(await restoreClient(client.id));
            moveFocus(client.id);
            notifySuccess(CLIENT_TOASTS.restored, client.name);
          } catch (error) {
            notifyError(error, CLIENT_ERRORS.restore);
          }
        },
        client.name,
      );
    },
    [remove, restore, moveFocus],
  );
}
