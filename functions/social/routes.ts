import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createConnection } from './create-connection';
import { handler as createPublication } from './create-publication';
import { handler as deleteConnection } from './delete-connection';
import { handler as deletePublication } from './delete-publication';
import { handler as getConnectionAuthorization } from './get-connection-authorization';
import { handler as getPublication } from './get-publication';
import { handler as listConnections } from './list-connections';
import { handler as listPublications } from './list-publications';
import { handler as oauthCallback } from './oauth-callback';
import { handler as reschedulePublication } from './reschedule-publication';
import { handler as retryPublication } from './retry-publication';
import { handler as startConnection } from './start-connection';

/**
 * The Channels function: a client's connections to the publishing platforms, Connect's OAuth callback,
 * and an item's publications (contract/routes.ts; docs/architecture.md, "Publishing channels").
 */
export const handler = dispatchRoutes('Channels', {
  ListConnections: listConnections,
  StartConnection: startConnection,
  GetConnectionAuthorization: getConnectionAuthorization,
  CreateConnection: createConnection,
  DeleteConnection: deleteConnection,
  ChannelOAuthCallback: oauthCallback,
  ListPublications: listPublications,
  CreatePublication: createPublication,
  GetPublication: getPublication,
  DeletePublication: deletePublication,
  RetryPublication: retryPublication,
  ReschedulePublication: reschedulePublication,
});
