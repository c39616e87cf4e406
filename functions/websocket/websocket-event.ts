import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

/** The WebSocket event as API Gateway delivers it after our `$connect` authorizer ran. */
export type AuthorizedWebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: APIGatewayProxyWebsocketEventV2['requestContext'] & {
    authorizer?: Record<string, unknown>;
  };
};
