/**
 * The sidebar's remembered state and shortcut (spec 000 §9), kept apart from the component so it can be
 * tested without a DOM.
 */

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** The open state stored in `document.cookie`, or null when there is none (or it is not ours). */
export function readSidebarCookie(cookies: string): boolean | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = part.slice(separator + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

/** The `document.cookie` assignment that remembers the state for 7 days on every path. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

export interface ShortcutKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/** Ctrl+B on Windows/Linux, Cmd+B on macOS; other modifiers mean another shortcut. */
export function isSidebarShortcut(event: ShortcutKeyEvent): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}
