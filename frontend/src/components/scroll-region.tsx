import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * What may be wider than a phone (a table, a block of code) scrolls sideways inside this region, never
 * the page. Keyboard users must be able to reach it to scroll it (axe: scrollable-region-focusable), and
 * screen readers hear it as a region named after what it holds; the name must be unique on the page
 * (axe: landmark-unique). `className` adds to the scroll, as a code block's border and height limit do.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled with the keyboard.
      tabIndex={0}
      data-scroll-x
      className={cn(
        'overflow-x-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children}
    </section>
  );
}
