/** The editor's address for a library item (001 §2: /wordpress-editor?contentId=...&clientId=...). */
export function editorHref(clientId: string, contentId: string): string {
  return `/wordpress-editor?${new URLSearchParams({ contentId, clientId })}`;
}
