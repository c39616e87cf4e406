import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** A labelled form control with an optional hint below it; pass the control's id as `htmlFor`. */
export function FormField({
  label,
  htmlFor,
  hint,
  action,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  /** Rendered at the end of the label row, e.g. a 'Forgot password?' link. */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={htmlFor}>{label}</Label>
        {action}
      </div>
      {children}
      {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
    </div>
  );
}
