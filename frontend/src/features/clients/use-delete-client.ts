import { useCallback } from 'react';
import type { ClientSummary } from '#shared/client-list';
import { deleteClient, restoreClient } from './clients-api';
import { CLIENT_ERRORS, CLIENT_TOASTS } from './messages';
import { notifyError, notifySuccess, notifyWithUndo } from './notify';
import type { ClientList } from './use-clients';

/**
 * Delete takes effect at once, without a confirmation (000 §4); the toast offers Undo, which restores the
 * client with its content and grants through POST /api/clients/{id}/restore.
 */
export function useDeleteClient(
  list: Pick<ClientList, 'remove' | 'restore'>,
): (client: ClientSummary) => Promise<void> {
  const { remove, restore } = list;
  return useCallback(
    async (client: ClientSummary) => {
      try {
        await deleteClient(client.id);
      } catch (error) {
        notifyError(error, CLIENT_ERRORS.delete);
        return;
      }
      remove(client.id);
      notifyWithUndo(
        CLIENT_TOASTS.deleted,
        async () => {
          try {
            restore(await restoreClient(client.id));
            notifySuccess(CLIENT_TOASTS.restored, client.name);
          } catch (error) {
            notifyError(error, CLIENT_ERRORS.restore);
          }
        },
        client.name,
      );
    },
    [remove, restore],
  );
}
