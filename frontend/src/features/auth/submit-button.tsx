import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The form's submit button. While the request runs it is `busy`: `aria-disabled`, not `disabled`, since
 * a disabled button loses focus (to <body>) the moment it is pressed from the keyboard; it
 * refuses presses (Enter in the form too) and keeps its full opacity, so its focus ring keeps 3:1.
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
