import { PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { webSocketManagementClient } from '#functions/commons/clients/websocket-management';
import { readEnv } from '#functions/commons/env';
import { logger } from '#functions/commons/logger';
import type { AuthorizedWebSocketEvent } from './websocket-event';

/**
 * `$default`: the browser only sends keep-alive pings (idle WebSockets are closed after 10 minutes;
 * frontend/src/lib/realtime-keepalive.ts sends one every 5); answer them so the client can tell a live
 * connection from a dead one. No table access: a ping costs one post. A pong that cannot be delivered
 * (the socket closed meanwhile) is not an error: the ping already did its work.
 */
export const handler = async (event: AuthorizedWebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  let type: unknown;
  try {
    type = (JSON.parse(event.body ?? '{}') as { type?: unknown }).type;
  } catch {
    return { statusCode: 400, body: 'Messages must be JSON' };
  }
  const callbackUrl = readEnv('webSocketCallbackUrl');
  if (type === 'ping' && callbackUrl) {
    await webSocketManagementClient(callbackUrl)
      .send(
        new PostToConnectionCommand({
          ConnectionId: event.requestContext.connectionId,
          Data: new TextEncoder().encode(JSON.stringify({ type: 'pong' })),
        }),
      )
      .catch((error: unknown) => {
        logger.info('Pong not delivered', { connectionId: event.requestContext.connectionId, error });
      });
  }
  return { statusCode: 200, body: '' };
};
