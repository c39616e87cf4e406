import { type CSSProperties, useEffect } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { toasterReady } from '@/lib/toast';

/**
 * The styled sonner Toaster. Mounted by ToastHost on the first toast; do not mount it yourself.
 *
 * Where toasts go (docs/decisions.md, "Where toasts go"): at the bottom right on a wide screen, clear of the
 * page headers, the editor's Publish button and a ready result's word count, which scrolls up to the top; at
 * the top on a phone, where dialogs start below them (dialog.tsx), so a toast never covers a dialog's title.
 */
export function Toaster(props: ToasterProps) {
  const isMobile = useIsMobile();
  // Parent effects run after their children's, so sonner is already listening when this fires.
  useEffect(() => toasterReady(), []);
  return (
    <Sonner
      className="toaster group"
      position={isMobile ? 'top-center' : 'bottom-right'}
      richColors
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          // sonner's rich colours put text at 4.25:1 (success) and 4.34:1 (error) on their tints; these
          // darker shades of the same hues reach WCAG AA's 4.5:1.
          '--success-text': 'hsl(140, 100%, 22%)',
          '--error-text': 'hsl(360, 100%, 36%)',
          '--info-text': 'hsl(210, 92%, 35%)',
          '--warning-text': 'hsl(31, 92%, 28%)',
          // A modal dialog sets `pointer-events: none` on the page; toasts (Undo) must stay clickable above it.
          pointerEvents: 'auto',
        } as CSSProperties
      }
      {...props}
    />
  );
}
