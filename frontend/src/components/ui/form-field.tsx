import { createContext, type ReactNode, useContext } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

interface FormFieldState {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FormFieldContext = createContext<FormFieldState | null>(null);

/**
 * The ARIA state a control inside a FormField takes from it: `aria-invalid` and
 * `aria-describedby` (its error, then its hint) and `aria-required`. Only the control whose id is the
 * field's `htmlFor` takes them, so a field holding a second control (a show-password button) is safe.
 */
export function useFormFieldAria(id: string | undefined): {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
} {
  const field = useContext(FormFieldContext);
  if (!field || id === undefined || field.controlId !== id) return {};
  return {
    ...(field.invalid ? { 'aria-invalid': true } : {}),
    ...(field.describedBy ? { 'aria-describedby': field.describedBy } : {}),
    ...(field.required ? { 'aria-required': true } : {}),
  };
}

const endsWithMark = (label: ReactNode) => typeof label === 'string' && label.trimEnd().endsWith('*');

/**
 * A labelled form control with an optional hint below it; pass the control's id as `htmlFor`.
 * `error` shows the field's problem under it (a toast may say it too); `required` marks the control
 * (aria-required) and its label (a '*' beside it).
 */
export function FormField({
  label,
  htmlFor,
  hint,
  error,
  required = false,
  action,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  /**
   * Shown at the end of the label row, e.g. a 'Forgot password?' link, but placed after the control in
   * the page's order: the Tab key reaches the control first, and Enter in it still submits the form.
   */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FormFieldContext.Provider value={{ controlId: htmlFor, describedBy, invalid: Boolean(error), required }}>
      <div
        data-slot="form-field"
        className={cn(
          'grid gap-2',
          action !== undefined && 'grid-cols-[minmax(0,1fr)_auto] items-center',
          className,
        )}
      >
        <span className="flex items-center gap-1">
          <Label htmlFor={htmlFor}>{label}</Label>
          {/* Seen, not heard: the control's aria-required says it, and the label's name stays the
              spec's. Labels the spec already ends with '*' ('Newsletter Topic *') are not marked twice. */}
          {required && !endsWithMark(label) && (
            <span
              aria-hidden="true"
              data-slot="required-mark"
              className="text-destructive text-sm leading-none"
            >
              *
            </span>
          )}
        </span>
        <div className={cn('grid gap-2', action !== undefined && 'col-span-2')}>
          {children}
          {error && (
            <p id={errorId} data-slot="form-field-error" className="text-destructive text-sm">
              {error}
            </p>
          )}
          {hint && (
            <p id={hintId} className="text-muted-foreground text-xs">
              {hint}
            </p>
          )}
        </div>
        {/* After the control in the DOM, so in the tab order, and beside the label on screen: before
            the password, a 'Forgot password?' took the Enter meant to sign in (docs/decisions.md,
            'Tab order of a field's action'). */}
        {action !== undefined && <div className="col-start-2 row-start-1 flex justify-end">{action}</div>}
      </div>
    </FormFieldContext.Provider>
  );
}
