/** Hands text to the browser as a file download. */
export function saveFile(fileName: string, content: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the URL is freed a little later to be safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
