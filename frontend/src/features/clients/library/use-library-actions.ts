import { useMemo } from 'react';
import type { ClientContent } from '#shared/content';
import { libraryDownloadName } from '#shared/file-names';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { LIBRARY_ERRORS, LIBRARY_TOASTS } from '../messages';
import { notifyError, notifySuccess, notifyWithUndo } from '../notify';
import { deleteContent, restoreContent } from './content-api';
import { itemText } from './library-view';
import { saveFile } from './save-file';
import type { ClientContentState } from './use-client-content';

export interface LibraryItemActions {
  copyText: (item: ClientContent) => Promise<void>;
  downloadHtml: (item: ClientContent) => void;
  downloadText: (item: ClientContent) => void;
  /** True when the item was deleted (the list moves the focus on), false when the delete failed. */
  remove: (item: ClientContent) => Promise<boolean>;
}

/**
 * Copy Text, Download HTML, Download Text and Delete of a library item (000 §2). Downloads are named
 * after the title (000 §9). Delete takes effect at once; the toast offers Undo.
 */
export function useLibraryActions(
  content: Pick<ClientContentState, 'remove' | 'add'>,
  onCountChange: (clientId: string, update: (count: number) => number) => void,
): LibraryItemActions {
  const { remove, add } = content;
  return useMemo(
    () => ({
      copyText: async (item) => {
        try {
          await navigator.clipboard.writeText(itemText(item));
          notifySuccess(TOOL_MESSAGES.copied.title, TOOL_MESSAGES.copied.description);
        } catch (error) {
          notifyError(error, TOOL_MESSAGES.copyFailed);
        }
      },
      downloadHtml: (item) => {
        const name = libraryDownloadName(item.title, 'html');
        saveFile(name, item.html_content, 'text/html');
        notifySuccess(TOOL_MESSAGES.downloaded, name);
      },
      downloadText: (item) => {
        const name = libraryDownloadName(item.title, 'txt');
        saveFile(name, itemText(item), 'text/plain');
        notifySuccess(TOOL_MESSAGES.downloaded, name);
      },
      remove: async (item) => {
        try {
          await deleteContent(item);
        } catch (error) {
          notifyError(error, LIBRARY_ERRORS.delete);
          return false;
        }
        remove(item);
        onCountChange(item.client_id, (count) => count - 1);
        notifyWithUndo(
          LIBRARY_TOASTS.deleted,
          async () => {
            try {
              add(await restoreContent(item));
              onCountChange(item.client_id, (count) => count + 1);
              notifySuccess(LIBRARY_TOASTS.restored, item.title);
            } catch (error) {
              notifyError(error, LIBRARY_ERRORS.restore);
            }
          },
          item.title,
        );
        return true;
      },
    }),
    [remove, add, onCountChange],
  );
}
