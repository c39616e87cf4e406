import { Copy, Download } from 'lucide-react';
import { TOOL_MESSAGES, type ToastText } from '#shared/tools/common';
import { Button } from '@/components/ui/button';
import { type DownloadFile, downloadTextFile } from './download';
import { useActionDisabled } from './result-actions-state';
import { showError, showToast } from './tool-toast';

/**
 * Copy and download buttons. Inside a result card they are disabled until there is a finished result
 * (ResultActionsState); the tool's "nothing to download" message (000 §5) stays as the last guard.
 */

export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(TOOL_MESSAGES.copied, 'success');
  } catch {
    showError(TOOL_MESSAGES.copyFailed);
  }
}

export function CopyButton({
  label = 'Copy',
  text,
  nothing,
  disabled,
}: {
  label?: string;
  /** The text to copy; null when there is nothing yet. */
  text: string | null;
  nothing: ToastText;
  disabled?: boolean;
}) {
  const off = useActionDisabled(disabled || text === null);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={off}
      onClick={() => (text === null ? showToast(nothing, 'destructive') : void copyToClipboard(text))}
    >
      <Copy aria-hidden="true" />
      {label}
    </Button>
  );
}

export function DownloadButton({
  label,
  file,
  nothing,
  toastTitle = TOOL_MESSAGES.downloaded,
  disabled,
}: {
  label: string;
  /** Built on click, so the timestamp in the name is the moment of the download; null without a result. */
  file: () => DownloadFile | null;
  nothing: ToastText;
  toastTitle?: string;
  disabled?: boolean;
}) {
  const off = useActionDisabled(disabled);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={off}
      onClick={() => {
        const built = file();
        if (!built) {
          showToast(nothing, 'destructive');
          return;
        }
        downloadTextFile(built.name, built.content, built.mimeType);
        showToast({ title: toastTitle, description: built.name }, 'success');
      }}
    >
      <Download aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * The 'Download HTML' + 'Download Text' pair most tools offer. `file(extension)` builds the download on
 * click, so the timestamp in the name is the moment of the download.
 */
export function HtmlAndTextDownloads({
  file,
  nothing,
  htmlToastTitle,
  disabled,
}: {
  file: (extension: 'html' | 'txt') => DownloadFile | null;
  nothing: ToastText;
  htmlToastTitle?: string;
  disabled?: boolean;
}) {
  return (
    <>
      <DownloadButton
        label="Download HTML"
        file={() => file('html')}
        nothing={nothing}
        disabled={disabled}
        {...(htmlToastTitle ? { toastTitle: htmlToastTitle } : {})}
      />
      <DownloadButton label="Download Text" file={() => file('txt')} nothing={nothing} disabled={disabled} />
    </>
  );
}
