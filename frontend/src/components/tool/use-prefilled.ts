import { useState } from 'react';

/**
 * An editable value that starts from a prefill and starts over whenever the prefill changes, e.g. the
 * instructions box that shows the chosen client's instructions until the user edits them, and the
 * next client's once another client is picked.
 */
export function usePrefilled(prefill: string): {
  value: string;
  setValue: (value: string) => void;
  edited: boolean;
} {
  const [state, setState] = useState({ prefill, value: prefill });
  let current = state;
  if (state.prefill !== prefill) {
    // Adjusting state while rendering (React's documented pattern) avoids a render with the stale value.
    current = { prefill, value: prefill };
    setState(current);
  }
  return {
    value: current.value,
    setValue: (value) => setState((previous) => ({ ...previous, value })),
    edited: current.value !== current.prefill,
  };
}
