import type { QueryClient } from '@tanstack/react-query';
import { CLIENT_TEXT_FIELDS } from '#shared/client';
import {
  type ClientPickerField,
  toolClientFields,
  toolClientsQuery,
} from '@/components/tool/tool-clients-query';
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

/** A tool's client picker, with the fields that tool's page asks useToolClients for. */
const picker =
  (fields: readonly ClientPickerField[]): Prefetch =>
  (client) =>
    client.prefetchQuery(toolClientsQuery(toolClientFields(fields)));

/** press-release-page.tsx's list: every text field but the WordPress ones and the content instructions. */
const PRESS_RELEASE_FIELDS = CLIENT_TEXT_FIELDS.filter(
  (field) => !field.startsWith('wordpress_') && field !== 'content_instructions',
);

export const screenPrefetches: Record<GuardedScreenPath, Prefetch | null> = {
  '/clients': (client) => client.prefetchInfiniteQuery(clientCardsQuery('')),
  '/newsletter': picker(['newsletter_instructions']),
  '/press-release': picker(PRESS_RELEASE_FIELDS),
  '/blog-rewriter': picker([]),
  '/faq': picker(['newsletter_instructions']),
  '/client-content': picker(['website', 'content_instructions']),
  '/image-generation': picker([]),
  '/multi-platform-creator': picker([]),
  '/social-content': picker(['company_name', 'content_instructions']),
  '/gbp-post': picker(['company_name']),
  '/statements': picker([]),
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
