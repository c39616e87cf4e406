import type {
  ChannelConnection,
  ChannelPlatform,
  ConnectionsReply,
  Publication,
  PublicationRequest,
  PublicationReschedule,
} from '#shared/channels';
import { api } from '@/lib/api-client';

/**
 * The publishing channels' calls (contract/routes.ts, channelRoutes): a client's connections, Connect's
 * authorization and account pick, and a library item's publications. Shapes are shared/channels.ts'.
 */

/** What Connect answers: the platform's consent page, where the browser goes next. */
export interface ChannelAuthorization {
  authorizationId: string;
  authorizationUrl: string;
}

/** After the consent page: the accounts the sign-in manages, or what went wrong (`error`). */
export interface AuthorizationChoices {
  authorizationId: string;
  platform: ChannelPlatform;
  accounts: { accountId: string; name: string }[];
  error?: string;
}

const clientPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}`;
const connectionsPath = (clientId: string) => `${clientPath(clientId)}/connections`;
const publicationsPath = (clientId: string, contentId: string) =>
  `${clientPath(clientId)}/content/${encodeURIComponent(contentId)}/publications`;
const publicationPath = (clientId: string, contentId: string, publicationId: string) =>
  `${publicationsPath(clientId, contentId)}/${encodeURIComponent(publicationId)}`;
const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchConnections = (clientId: string, signal?: AbortSignal) =>
  api.get<ConnectionsReply>(connectionsPath(clientId), withSignal(signal));

export const startAuthorization = (clientId: string, platform: ChannelPlatform) =>
  api.post<ChannelAuthorization>(`${clientPath(clientId)}/connection-authorizations`, { platform });

export const fetchAuthorization = (clientId: string, authorizationId: string, signal?: AbortSignal) =>
  api.get<AuthorizationChoices>(
    `${clientPath(clientId)}/connection-authorizations/${encodeURIComponent(authorizationId)}`,
    withSignal(signal),
  );

export const createConnection = (clientId: string, authorizationId: string, accountId: string) =>
  api.post<ChannelConnection>(connectionsPath(clientId), { authorizationId, accountId });

export const deleteConnection = (clientId: string, connectionId: string) =>
  api.delete<void>(`${connectionsPath(clientId)}/${encodeURIComponent(connectionId)}`);

export async function fetchPublications(
  clientId: string,
  contentId: string,
  signal?: AbortSignal,
): Promise<Publication[]> {
  const { items } = await api.get<{ items: Publication[] }>(
    publicationsPath(clientId, contentId),
    withSignal(signal),
  );
  return items;
}

/** Publishes now (answers `published`, `failed`, or `scheduled` when the platform put it off) or at `scheduledAt`. */
export const createPublication = (clientId: string, contentId: string, request: PublicationRequest) =>
  api.post<Publication>(publicationsPath(clientId, contentId), request);

export const fetchPublication = (
  clientId: string,
  contentId: string,
  publicationId: string,
  signal?: AbortSignal,
) => api.get<Publication>(publicationPath(clientId, contentId, publicationId), withSignal(signal));

/** Cancels a scheduled post, removes a published one from its platform, discards a failed one. */
export const deletePublication = (clientId: string, contentId: string, publicationId: string) =>
  api.delete<{ deleted: true; publicationId: string }>(publicationPath(clientId, contentId, publicationId));

/** A failed post, sent again within the request. */
export const retryPublication = (clientId: string, contentId: string, publicationId: string) =>
  api.post<Publication>(`${publicationPath(clientId, contentId, publicationId)}/retry`);

/** A scheduled post to another time (the calendar's drag); 409 `approval_required` as a WordPress schedule. */
export const reschedulePublication = (
  clientId: string,
  contentId: string,
  publicationId: string,
  input: PublicationReschedule,
) => api.post<Publication>(`${publicationPath(clientId, contentId, publicationId)}/reschedule`, input);
