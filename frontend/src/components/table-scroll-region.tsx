import type { ReactNode } from 'react';

/**
 * A wide table's sideways scroll on a phone. Keyboard users must be able to reach it to scroll it
 * (axe: scrollable-region-focusable), and screen readers hear it as a region named after the table.
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled with the keyboard.
      tabIndex={0}
      data-scroll-x
      className="overflow-x-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </section>
  );
}
