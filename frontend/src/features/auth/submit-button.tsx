import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The form's submit button. While the request runs it is `aria-disabled`, not `disabled`: a disabled
 * button loses focus (to <body>) the moment it is pressed from the keyboard (issue 18). `useSubmit`
 * ignores a second submit while one runs, so the button stays safe to press.
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      className="w-full aria-disabled:cursor-wait aria-disabled:opacity-50"
      aria-disabled={pending || undefined}
    >
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
