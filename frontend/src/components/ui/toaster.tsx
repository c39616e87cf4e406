import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { toasterReady } from '@/lib/toast';

/** The styled sonner Toaster. Mounted by ToastHost on the first toast; do not mount it yourself. */
export function Toaster(props: ToasterProps) {
  // Parent effects run after their children's, so sonner is already listening when this fires.
  useEffect(() => toasterReady(), []);
  return (
    <Sonner
      className="toaster group"
      position="top-right"
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // A modal dialog sets `pointer-events: none` on the page; toasts (Undo) must stay clickable above it.
          pointerEvents: 'auto',
        } as CSSProperties
      }
      {...props}
    />
  );
}
