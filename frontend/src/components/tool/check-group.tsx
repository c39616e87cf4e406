import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A group of checkboxes under a legend (platforms, content types) that may carry the form's problem,
 * the way a FormField does for one control: the error is shown under the boxes and linked to
 * the group with `aria-describedby`. ARIA has no `aria-required` for a group, so a required group says
 * so in its legend: a '*' beside it as FormField shows, and '(required)' for screen readers.
 */
export function CheckGroup({
  id,
  legend,
  error,
  required = false,
  className,
  children,
}: {
  id: string;
  legend: string;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset id={id} aria-describedby={errorId} className={cn('grid gap-2', className)}>
      <legend className="mb-1 font-medium text-sm">
        {legend}
        {required && (
          <>
            <span aria-hidden="true" className="ml-1 text-destructive">
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        )}
      </legend>
      {children}
      {error && (
        <p id={errorId} data-slot="form-field-error" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
