import { type FormEvent, useCallback, useState } from 'react';

/** Wraps an async form handler: prevents the page submit and reports whether it is running. */
export function useSubmit(
  handler: () => Promise<void>,
): [pending: boolean, onSubmit: (event: FormEvent) => void] {
  const [pending, setPending] = useState(false);
  const onSubmit = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      if (pending) return;
      setPending(true);
      handler().finally(() => setPending(false));
    },
    [handler, pending],
  );
  return [pending, onSubmit];
}
