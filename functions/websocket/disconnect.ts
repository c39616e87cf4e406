import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { deleteConnection } from './connection-store';
import type { AuthorizedWebSocketEvent } from './websocket-event';

export const handler = async (event: AuthorizedWebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  await deleteConnection(event.requestContext.connectionId);
  return { statusCode: 200, body: 'Disconnected' };
};
