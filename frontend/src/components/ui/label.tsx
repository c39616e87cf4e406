import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * A form label. It does what Radix's Label did, without its Primitive layer in every first load that
 * shows a form (docs/decisions.md, "The frontend: first load and sign-in views": `/auth`): a double click on
 * the label's text does not select it, while presses on a control inside the label behave as usual.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  const keepTextUnselected = (event: MouseEvent<HTMLLabelElement>) => {
    if (event.target instanceof Element && event.target.closest('button, input, select, textarea')) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers associate the control through htmlFor or by nesting it.
    <label
      data-slot="label"
      className={cn(
        'flex select-none items-center gap-2 font-medium text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50 group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50',
        className,
      )}
      onMouseDown={keepTextUnselected}
      {...props}
    />
  );
}
