import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (compared with Object.is, so give it a primitive); an
 * empty string at once, so a cleared search is instant.
 */
export function useDebounced<Value>(value: Value, delayMs: number): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
