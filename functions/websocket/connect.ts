import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { isAdminInUserPool } from '#functions/auth/admin-membership';
import { callerFromAuthorizer } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { saveConnection } from './connection-store';
import type { AuthorizedWebSocketEvent } from './websocket-event';

/**
 * `$connect`: the authorizer already verified the token; remember whose connection this is, and whether it
 * belongs to an admin as the user pool says now (every reconnect asks again), not as the token said when it
 * was issued: a demoted admin's token still claims the group for up to an hour
 * (docs/decisions.md, "WebSocket keep-alive and the CloudFront-only API"). If Cognito cannot answer, the
 * connection is kept as a plain user's: job progress still flows, and only the admins' feed waits for the
 * next reconnect.
 */
export const handler = async (event: AuthorizedWebSocketEvent): Promise<APIGatewayProxyResultV2> => {
  const caller = callerFromAuthorizer(event.requestContext.authorizer);
  if (!caller) return { statusCode: 401, body: 'Unauthorized' };
  const isAdmin = await isAdminInUserPool(caller.userId).catch((error: unknown) => {
    logger.warn('Could not read the admin group; connecting as a plain user', { error });
    return false;
  });
  await saveConnection(event.requestContext.connectionId, { ...caller, isAdmin });
  return { statusCode: 200, body: 'Connected' };
};
