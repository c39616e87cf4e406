import { authorizeClient } from '#functions/clients/client-access';
import { httpHandler } from '#functions/commons/http-handler';
import { CHANNEL_MESSAGES, CHANNEL_PLATFORMS, type ConnectionsReply } from '#shared/channels';
import { channelApp } from './channel-apps';
import { listConnections, toChannelConnection } from './connection-store';

/**
 * GET /api/clients/{clientId}/connections → `{items, unavailable}`: the client's channels, and the
 * platforms an admin has not configured yet, with what to configure.
 */
export const handler = httpHandler({
  access: ({ caller, params }) => authorizeClient(caller, params.clientId ?? ''),
  handle: async ({ access: { record } }): Promise<ConnectionsReply> => {
    const [connections, apps] = await Promise.all([
      listConnections(record.clientId),
      Promise.all(CHANNEL_PLATFORMS.map(async (platform) => ({ platform, app: await channelApp(platform) }))),
    ]);
    return {
      items: connections.map(toChannelConnection),
      unavailable: apps
        .filter(({ app }) => app.credentials === null)
        .map(({ platform }) => ({ platform, message: CHANNEL_MESSAGES.notConfigured(platform) })),
    };
  },
});
