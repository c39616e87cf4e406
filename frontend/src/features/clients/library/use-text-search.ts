import { useEffect, useState } from 'react';
import { LIBRARY_ERRORS } from '../messages';
import { notifyError } from '../notify';
import { searchContentIds } from './content-api';

/** Typing pauses this long before the server searches the items' text. */
const SEARCH_DELAY_MS = 200;

/**
 * The ids of the client's items whose text holds `search`, as the server finds them (the list holds
 * each item's summary, not its words: issue 32). Null while there is no search or its answer has not
 * come; the library matches titles, types and previews meanwhile, and after a failed search (a toast).
 */
export function useTextSearch(clientId: string, search: string): ReadonlySet<string> | null {
  const [found, setFound] = useState<{ search: string; ids: ReadonlySet<string> } | null>(null);
  const needle = search.trim();
  useEffect(() => {
    if (needle === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchContentIds(clientId, needle, controller.signal).then(
        (ids) => setFound({ search: needle, ids }),
        (error: unknown) => {
          if (!controller.signal.aborted) notifyError(error, LIBRARY_ERRORS.search);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [clientId, needle]);
  return found && found.search === needle ? found.ids : null;
}
