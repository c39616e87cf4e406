/**
 * For a dialog's `onInteractOutside`: a click on a toast (its Undo or close button) is not a click
 * outside the dialog, so the dialog stays open. Toasts live outside every dialog's DOM subtree.
 */
export function keepOpenOnToast(event: { target: EventTarget | null; preventDefault: () => void }): void {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]'))
    event.preventDefault();
}
