import { useMemo } from 'react';
import type { ClientContent } from '#shared/content';
import { type ContentSummary, plainTextOf } from '#shared/content-summary';
import { libraryDownloadName } from '#shared/file-names';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { LIBRARY_ERRORS, LIBRARY_TOASTS } from '../messages';
import { notifyError, notifySuccess, notifyWithUndo } from '../notify';
import { deleteContent, fetchContent, restoreContent } from './content-api';
import { saveFile } from './save-file';
import type { ClientContentState } from './use-client-content';

/** The list holds summaries: Copy and the downloads fetch the item's words first. */
export interface LibraryItemActions {
  copyText: (item: ContentSummary) => Promise<void>;
  downloadHtml: (item: ContentSummary) => Promise<void>;
  downloadText: (item: ContentSummary) => Promise<void>;
  /** True when the item was deleted (the list moves the focus on), false when the delete failed. */
  remove: (item: ContentSummary) => Promise<boolean>;
}

/** Saves the whole item (read first: the list holds summaries) as a file named after its title (000 §9). */
async function download(
  item: ContentSummary,
  extension: 'html' | 'txt',
  body: (whole: ClientContent) => string,
  type: string,
): Promise<void> {
  try {
    const whole = await fetchContent(item);
    const name = libraryDownloadName(whole.title, extension);
    saveFile(name, body(whole), type);
    notifySuccess(TOOL_MESSAGES.downloaded, name);
  } catch (error) {
    notifyError(error, LIBRARY_ERRORS.open);
  }
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
          await navigator.clipboard.writeText(plainTextOf(await fetchContent(item)));
          notifySuccess(TOOL_MESSAGES.copied.title, TOOL_MESSAGES.copied.description);
        } catch (error) {
          notifyError(error, TOOL_MESSAGES.copyFailed);
        }
      },
      downloadHtml: (item) => download(item, 'html', (whole) => whole.html_content, 'text/html'),
      downloadText: (item) => download(item, 'txt', plainTextOf, 'text/plain'),
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
