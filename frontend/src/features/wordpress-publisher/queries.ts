import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ContentSummary } from '#shared/content-summary';
import { TOOL_MESSAGES } from '#shared/tools/common';
import { WORDPRESS_MESSAGES } from '#shared/wordpress';
import { fetchLibrary, fetchPosts, fetchWordPressClients } from './publisher-api';

/** The WordPress Publisher's queries and their keys (docs/architecture.md, "The frontend's data layer"). */
export const publisherKeys = {
  all: ['wordpress-publisher'] as const,
  clients: () => [...publisherKeys.all, 'clients'] as const,
  library: (clientId: string) => [...publisherKeys.all, 'library', clientId] as const,
  posts: (clientId: string) => [...publisherKeys.all, 'posts', clientId] as const,
  postsPage: (clientId: string, page: number) => [...publisherKeys.posts(clientId), page] as const,
};

/** The clients with a WordPress site: their connection is set on the Clients screen, so every showing reads them. */
export const wordPressClientsQuery = () =>
  queryOptions({
    queryKey: publisherKeys.clients(),
    queryFn: ({ signal }) => fetchWordPressClients(signal),
    refetchOnMount: 'always',
  });

/**
 * The client's publishable items: the tools and the bare editor (which publishes) change them
 * elsewhere, so every showing reads them again.
 */
export const publisherLibraryQuery = (clientId: string) =>
  queryOptions({
    queryKey: publisherKeys.library(clientId),
    queryFn: ({ signal }) => fetchLibrary(clientId, signal),
    refetchOnMount: 'always',
    // 001 §8: 'Error' with the service's message, or 'Failed to fetch client content'.
    meta: { failureToast: TOOL_MESSAGES.fetchContentFailed },
  });

/** A page of the site's posts, which change on the site itself: every showing reads it again. */
export const publishedPostsQuery = (clientId: string, page: number) =>
  queryOptions({
    queryKey: publisherKeys.postsPage(clientId, page),
    queryFn: ({ signal }) => fetchPosts(clientId, page, signal),
    refetchOnMount: 'always',
    // 001 §8: 'WordPress Connection Error: Failed to connect to WordPress.' (or what the site said).
    meta: {
      failureToast: WORDPRESS_MESSAGES.connectionError,
      failureTitle: WORDPRESS_MESSAGES.connectionErrorTitle,
    },
  });

/** An item the server changed (a post deleted from the site): the library shows it, the posts move. */
export function publisherItemChanged(queryClient: QueryClient, clientId: string, next: ContentSummary): void {
  queryClient.setQueryData(publisherLibraryQuery(clientId).queryKey, (items) =>
    items?.map((item) => (item.id === next.id ? next : item)),
  );
  void queryClient.invalidateQueries({ queryKey: publisherKeys.posts(clientId) });
}
