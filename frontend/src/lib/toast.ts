/**
 * The spec's toasts have a title, an optional description and a destructive variant for errors. This is
 * the one way the app shows them, so their look stays uniform and tests can find them by text.
 *
 * sonner is loaded with the first toast (or an explicit preload), not on first page load: most visits
 * show no toast before the user acts, and it would otherwise cost ~10 KB gzip on every first load.
 */

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  /** A button in the toast, e.g. Undo. */
  action?: { label: string; onClick: () => void };
  /** How long it stays, in ms; sonner's default (4 s) otherwise. */
  duration?: number;
}

let requested = false;
const requestListeners = new Set<() => void>();
let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** For ToastHost: re-render when the first toast asks for the Toaster. */
export function subscribeToToasterRequest(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function isToasterRequested(): boolean {
  return requested;
}

/** Called by the Toaster once it listens; toasts sent before that would be lost. */
export function toasterReady(): void {
  markMounted();
}

/** Mounts the Toaster ahead of the first toast, e.g. when the user starts filling in a form. */
export function preloadToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

export async function toast({
  title,
  description,
  variant = 'default',
  action,
  duration,
}: ToastOptions): Promise<string | number> {
  preloadToaster();
  const [{ toast: sonner }] = await Promise.all([import('sonner'), toasterMounted]);
  const options = {
    ...(description === undefined ? {} : { description }),
    ...(action === undefined ? {} : { action }),
    ...(duration === undefined ? {} : { duration }),
  };
  if (variant === 'destructive') return sonner.error(title, options);
  if (variant === 'success') return sonner.success(title, options);
  return sonner(title, options);
}

/**
 * Lets the keyboard focus out of a toast before the page moves it elsewhere (Undo → the restored item).
 * sonner remembers what had the focus before a toast took it and hands it back there when the focus
 * leaves the toasts, which would undo the page's own move; letting go first, sonner hands it back at
 * once, and the page's move that follows wins.
 */
export function releaseToastFocus(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest('[data-sonner-toaster]')) active.blur();
}
