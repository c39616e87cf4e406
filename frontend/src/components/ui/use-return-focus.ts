import { useRef } from 'react';

type FocusEventHandler = (event: Event) => void;

/**
 * What focus should return to: the focused element, or, for an item of a dropdown menu (which is gone
 * once the menu closes), the button that opened that menu.
 */
function focusOrigin(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menuLabel = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuTrigger = menuLabel ? document.getElementById(menuLabel) : null;
  return menuTrigger ?? active;
}

/**
 * Dialogs and sheets here are mostly opened from state (a menu item, a card's button), not through a
 * Radix `Trigger`, and Radix returns focus on close only to its Trigger: without one, focus fell to
 * <body>. This remembers what had focus when the dialog opened and moves focus back to it on
 * close, if it is still in the page. A caller's own `onCloseAutoFocus` that calls `preventDefault()`
 * keeps the last word.
 */
export function useReturnFocus(
  onOpenAutoFocus: FocusEventHandler | undefined,
  onCloseAutoFocus: FocusEventHandler | undefined,
): { onOpenAutoFocus: FocusEventHandler; onCloseAutoFocus: FocusEventHandler } {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      // Radix fires this before it moves focus into the dialog, so the opener still has focus.
      opener.current = focusOrigin(document.activeElement);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
