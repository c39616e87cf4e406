import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { callerFromAuthorizer } from '#functions/commons/caller';
import { saveConnection } from './connection-store';
import type { AuthorizedWebSocketEvent } from './websocket-event';

/** `$connect`: the authorizer already verified the token; remember whose connection this is. */
export const handler = async (event: AuthorizedWebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  const caller = callerFromAuthorizer(event.requestContext.authorizer);
  if (!caller) return { statusCode: 401, body: 'Unauthorized' };
  await saveConnection(event.requestContext.connectionId, caller);
  return { statusCode: 200, body: 'Connected' };
};
