import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { webSocketManagementClient } from '#functions/commons/clients/websocket-management';
import { readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import { adminConnections, connectionsOfUser, deleteConnection } from './connection-store';

/**
 * Pushes server events to browsers over the WebSocket API. Delivery is best effort: a closed tab must
 * never fail a job, so errors are logged and stale connections (410 Gone) are forgotten.
 */

export type ServerEvent = { type: string } & Record<string, unknown>;

async function post(connectionIds: readonly string[], event: ServerEvent): Promise<number> {
  const callbackUrl = readEnv('webSocketCallbackUrl');
  if (!callbackUrl || connectionIds.length === 0) return 0;
  const client = webSocketManagementClient(callbackUrl);
  const data = new TextEncoder().encode(JSON.stringify(event));
  const results = await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        return true;
      } catch (error) {
        if (
          error instanceof GoneException ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 410
        ) {
          await deleteConnection(connectionId).catch(() => undefined);
        } else {
          logger.warn('WebSocket post failed', { connectionId, error });
        }
        return false;
      }
    }),
  );
  return results.filter(Boolean).length;
}

export async function notifyUser(userId: string, event: ServerEvent): Promise<number> {
  try {
    return await post(await connectionsOfUser(userId), event);
  } catch (error) {
    logger.warn('Could not notify user', { userId, error });
    return 0;
  }
}

export async function notifyAdmins(event: ServerEvent): Promise<number> {
  try {
    return await post(await adminConnections(), event);
  } catch (error) {
    logger.warn('Could not notify admins', { error });
    return 0;
  }
}
