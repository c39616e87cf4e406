import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { toAuthorizerContext } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { verifyIdToken } from './token-verifier';

/**
 * Authorizes the WebSocket `$connect`. Browsers cannot set headers on a WebSocket, so the ID token
 * arrives as the `token` query parameter (over TLS in AWS). WebSocket authorizers answer with an IAM
 * policy; `Unauthorized` makes API Gateway refuse the upgrade with 401.
 */
export const handler = async (
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> => {
  const token = event.queryStringParameters?.token;
  if (!token) throw new Error('Unauthorized');
  try {
    const caller = await verifyIdToken(token);
    return {
      principalId: caller.userId,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
      },
      context: toAuthorizerContext(caller),
    };
  } catch (error) {
    logger.info('WebSocket token refused', {
      reason: error instanceof Error ? error.message : String(error),
    });
    throw new Error('Unauthorized');
  }
};
