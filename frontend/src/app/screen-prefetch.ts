import type { QueryClient } from '@tanstack/react-query';
import { PICKER_FIELDS, toolClientFields, toolClientsQuery } from '@/components/tool/tool-clients-query';
import { clientCardsQuery } from '@/features/clients/queries';
import { queryClient } from '@/lib/query-client';
import type { GuardedScreenPath } from './screen-paths';

/**
 * Each signed-in screen's first data request, started as its route is matched (docs/benchmarks.md,
 * "Signed-in screens"): the app shell calls it on a first load as soon as the session is known, beside
 * the frame's and the screen's chunks, and the signed-in frame on every navigation, so the request
 * runs while the screen's code downloads instead of after it. Each entry uses the very query options
 * its screen reads (same key, same request), so the screen finds the answer in the cache or on its way.
 * `null`: nothing to start yet (a screen whose first read is not in the data layer, or that reads
 * nothing at once). Kept out of the shell: this chunk loads with the frame's.
 */
type Prefetch = (client: QueryClient) => Promise<void>;

/** A screen's client picker, with the fields its page asks useToolClients for. */
const picker =
  (path: keyof typeof PICKER_FIELDS): Prefetch =>
  (client) =>
    client.prefetchQuery(toolClientsQuery(toolClientFields(PICKER_FIELDS[path])));

export const screenPrefetches: Record<GuardedScreenPath, Prefetch | null> = {
  '/clients': (client) => client.prefetchInfiniteQuery(clientCardsQuery('')),
  '/newsletter': picker('/newsletter'),
  '/press-release': picker('/press-release'),
  '/blog-rewriter': picker('/blog-rewriter'),
  '/faq': picker('/faq'),
  '/client-content': picker('/client-content'),
  '/image-generation': picker('/image-generation'),
  '/multi-platform-creator': picker('/multi-platform-creator'),
  '/social-content': picker('/social-content'),
  '/gbp-post': picker('/gbp-post'),
  '/statements': picker('/statements'),
  '/create-podcast': null,
  '/wordpress-publisher': null,
  '/wordpress-editor': null,
  '/calendar': null,
  '/api-keys': null,
  '/documentation': null,
  '/activity-tracker': null,
  '/usage': null,
  '/bulk': null,
  '/settings': null,
};

const isScreenPath = (path: string): path is GuardedScreenPath => Object.hasOwn(screenPrefetches, path);

/** Starts `path`'s first request into the app's cache; a failure is the screen's to show, not this. */
export function prefetchScreen(path: string): void {
  if (!isScreenPath(path)) return;
  void screenPrefetches[path]?.(queryClient).catch(() => undefined);
}
