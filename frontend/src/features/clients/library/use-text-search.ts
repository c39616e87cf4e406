import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '@/lib/use-debounced';
import { textSearchQuery } from './queries';

/** Typing pauses this long before the server searches the items' text. */
const SEARCH_DELAY_MS = 200;

/**
 * The ids of the client's items whose text holds `search`, as the server finds them (the list holds
 * each item's summary, not its words). Null while there is no search or its answer has not
 * come; the library matches titles, types and previews meanwhile, and after a failed search (a toast,
 * from the query's meta).
 */
export function useTextSearch(clientId: string, search: string): ReadonlySet<string> | null {
  const needle = search.trim();
  const settled = useDebounced(needle, SEARCH_DELAY_MS);
  const current = needle !== '' && settled === needle;
  const { data } = useQuery({ ...textSearchQuery(clientId, needle), enabled: current });
  return current ? (data ?? null) : null;
}
