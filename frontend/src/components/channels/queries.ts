import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ChannelConnection, ConnectionsReply, Publication } from '#shared/channels';
import { fetchAuthorization, fetchConnections, fetchPublications } from './channels-api';
import { CHANNEL_ERRORS } from './messages';

/**
 * The publishing channels' queries and their keys (docs/architecture.md, "The frontend's data layer"):
 * a client's connections, one Connect's account choices, a library item's publications.
 */
export const channelKeys = {
  all: ['channels'] as const,
  connections: (clientId: string) => [...channelKeys.all, clientId, 'connections'] as const,
  authorization: (clientId: string, authorizationId: string) =>
    [...channelKeys.all, clientId, 'authorization', authorizationId] as const,
  publications: (clientId: string, contentId: string) =>
    [...channelKeys.all, clientId, 'publications', contentId] as const,
};

/**
 * A client's connections and the platforms an admin has not configured. Read again at every showing:
 * the server turns a connection into 'reconnect_needed' when a platform refuses its refresh, and
 * nothing pushes that.
 */
export const connectionsQuery = (clientId: string) =>
  queryOptions({
    queryKey: channelKeys.connections(clientId),
    queryFn: ({ signal }) => fetchConnections(clientId, signal),
    refetchOnMount: 'always',
    meta: { failureToast: CHANNEL_ERRORS.loadConnections },
  });

/** The accounts one Connect offers: read once, and gone from the cache once the picker closes. */
export const authorizationQuery = (clientId: string, authorizationId: string) =>
  queryOptions({
    queryKey: channelKeys.authorization(clientId, authorizationId),
    queryFn: ({ signal }) => fetchAuthorization(clientId, authorizationId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { failureToast: CHANNEL_ERRORS.loadAuthorization },
  });

/**
 * A library item's publications, oldest first: the one copy the item's view, the calendar and the publish
 * dialog read and change. The scheduled publisher sends posts behind the screen's back, so every showing
 * reads them again; while one is being sent the list is read again every few seconds until it settles.
 */
export const publicationsQuery = (clientId: string, contentId: string) =>
  queryOptions({
    queryKey: channelKeys.publications(clientId, contentId),
    queryFn: ({ signal }) => fetchPublications(clientId, contentId, signal),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((publication) => publication.status === 'publishing') ? 5_000 : false,
    meta: { failureToast: CHANNEL_ERRORS.loadPublications },
  });

/** A new or reconnected connection replaces the one of the same id, or joins the list. */
export function putConnection(
  queryClient: QueryClient,
  clientId: string,
  connection: ChannelConnection,
): void {
  queryClient.setQueryData<ConnectionsReply>(channelKeys.connections(clientId), (reply) =>
    reply
      ? {
          ...reply,
          items: [...reply.items.filter((item) => item.connectionId !== connection.connectionId), connection],
        }
      : reply,
  );
}

export function dropConnection(queryClient: QueryClient, clientId: string, connectionId: string): void {
  queryClient.setQueryData<ConnectionsReply>(channelKeys.connections(clientId), (reply) =>
    reply ? { ...reply, items: reply.items.filter((item) => item.connectionId !== connectionId) } : reply,
  );
}

/** A created, retried or rescheduled publication into its item's cached list (added last when new). */
export function putPublication(queryClient: QueryClient, publication: Publication): void {
  queryClient.setQueryData<Publication[]>(
    channelKeys.publications(publication.clientId, publication.contentId),
    (items) =>
      items
        ? items.some((item) => item.publicationId === publication.publicationId)
          ? items.map((item) => (item.publicationId === publication.publicationId ? publication : item))
          : [...items, publication]
        : items,
  );
}

/** A deleted (cancelled, removed, discarded) publication out of its item's cached list. */
export function dropPublication(
  queryClient: QueryClient,
  publication: Pick<Publication, 'clientId' | 'contentId' | 'publicationId'>,
): void {
  queryClient.setQueryData<Publication[]>(
    channelKeys.publications(publication.clientId, publication.contentId),
    (items) => items?.filter((item) => item.publicationId !== publication.publicationId),
  );
}
