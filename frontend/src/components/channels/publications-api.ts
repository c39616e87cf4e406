import { queryOptions } from '@tanstack/react-query';
import {
  CHANNEL_PLATFORM_INFO,
  type Publication,
  type PublicationRequest,
  type PublicationReschedule,
} from '#shared/channels';
import { api } from '@/lib/api-client';
import type { ToastOptions } from '@/lib/toast';

/**
 * A library item's posts to the publishing channels (contract/routes.ts, the channel routes): the
 * calls, and the one cache key and query of an item's list, so the item's view, the calendar and the
 * publish dialog read and change the same copy (docs/architecture.md, "The frontend's data layer").
 */

/** The item the publications hang under. */
export interface PublicationsOf {
  readonly clientId: string;
  readonly contentId: string;
}

/** DELETE …/publications/{publicationId}: cancelled, removed from the platform, or discarded. */
export interface PublicationDeleted {
  deleted: true;
  publicationId: string;
}

const publicationsPath = ({ clientId, contentId }: PublicationsOf) =>
  `/api/clients/${encodeURIComponent(clientId)}/content/${encodeURIComponent(contentId)}/publications`;
const publicationPath = (item: PublicationsOf, publicationId: string) =>
  `${publicationsPath(item)}/${encodeURIComponent(publicationId)}`;

/** The item's publications, oldest first. */
export async function fetchPublications(item: PublicationsOf, signal?: AbortSignal): Promise<Publication[]> {
  const reply = await api.get<{ items: Publication[] }>(publicationsPath(item), signal ? { signal } : {});
  return reply.items;
}

export const fetchPublication = (item: PublicationsOf, publicationId: string, signal?: AbortSignal) =>
  api.get<Publication>(publicationPath(item, publicationId), signal ? { signal } : {});

/** Publishes now (answers `published`, `failed`, or `scheduled` when the platform put it off) or at `scheduledAt`. */
export const createPublication = (item: PublicationsOf, request: PublicationRequest) =>
  api.post<Publication>(publicationsPath(item), request);

/** Cancels a scheduled post, removes a published one from its platform (409 where it cannot), discards a failed one. */
export const deletePublication = (item: PublicationsOf, publicationId: string) =>
  api.delete<PublicationDeleted>(publicationPath(item, publicationId));

/** Sends a failed post again now. */
export const retryPublication = (item: PublicationsOf, publicationId: string) =>
  api.post<Publication>(`${publicationPath(item, publicationId)}/retry`);

/** Moves a scheduled post to another moment (409 `approval_required` as a WordPress schedule would). */
export const reschedulePublication = (
  item: PublicationsOf,
  publicationId: string,
  body: PublicationReschedule & { overrideApproval?: boolean },
) => api.post<Publication>(`${publicationPath(item, publicationId)}/reschedule`, body);

export const publicationKeys = {
  all: ['publications'] as const,
  of: ({ clientId, contentId }: PublicationsOf) => [...publicationKeys.all, clientId, contentId] as const,
};

/**
 * An item's publications. The scheduled publisher sends posts behind the screen's back and the publish
 * dialog adds them, so every showing reads them again; while one is being sent the list is read again
 * every few seconds until it settles.
 */
export const publicationsQuery = (item: PublicationsOf, failureToast: string) =>
  queryOptions({
    queryKey: publicationKeys.of(item),
    queryFn: ({ signal }) => fetchPublications(item, signal),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((publication) => publication.status === 'publishing') ? 5_000 : false,
    meta: { failureToast },
  });

/** The cached list with `publication` in place of its earlier copy (or added, when it is new). */
export function withPublication(
  list: readonly Publication[] | undefined,
  publication: Publication,
): Publication[] {
  const current = list ?? [];
  return current.some((held) => held.publicationId === publication.publicationId)
    ? current.map((held) => (held.publicationId === publication.publicationId ? publication : held))
    : [...current, publication];
}

/** What the screens say of a publication's answer and its actions (the calendar and the item's view alike). */
export const PUBLICATION_WORDS = {
  retry: 'Retry',
  retryFailed: 'Failed to retry the post',
  viewPost: 'View post',
} as const;

/**
 * What a send (a retry, a publish now) came to, as a toast: sent; put off by a busy platform (the
 * server tries again every minute); or refused, with the platform's message.
 */
export function publicationOutcome(publication: Publication): ToastOptions {
  const platform = CHANNEL_PLATFORM_INFO[publication.platform].name;
  switch (publication.status) {
    case 'published':
      return { title: `Published to ${platform}`, description: publication.channelName, variant: 'success' };
    case 'failed':
      return {
        title: `Failed to publish to ${platform}`,
        description: publication.error ?? publication.channelName,
        variant: 'destructive',
      };
    default:
      return {
        title: `${platform} is busy: the post goes out as soon as it accepts it (tried again every minute).`,
        description: publication.channelName,
      };
  }
}
