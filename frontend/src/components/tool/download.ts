export interface DownloadFile {
  readonly name: string;
  readonly content: string;
  readonly mimeType: string;
}

/** Saves what an object URL holds as a file named `fileName` (the browser's own download). */
export function downloadObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves text as a file through a temporary object URL (the browser's own download, no server round trip). */
export function downloadTextFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }));
  downloadObjectUrl(url, fileName);
  // Revoked on the next task: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const HTML_MIME = 'text/html';
export const TEXT_MIME = 'text/plain';
