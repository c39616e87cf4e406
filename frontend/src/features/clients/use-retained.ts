import { useRef } from 'react';

/**
 * The last non-null value. A dialog closes by clearing its subject, but it animates out for a moment
 * afterwards; showing the last subject keeps its text from blanking during that animation.
 */
export function useRetained<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return last.current;
}
