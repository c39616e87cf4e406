import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { toAuthorizerContext } from '#functions/commons/caller';
import { logger } from '#functions/commons/logger';
import { InvalidTokenError, verifyIdToken } from './token-verifier';

/**
 * Authorizes the WebSocket `$connect`. Browsers cannot set headers on a WebSocket, so the ID token
 * arrives as the `token` query parameter (over TLS in AWS); it is the API's identity source, so API
 * Gateway refuses a connection without one (401) before this runs. A token that does not check out gets
 * a Deny policy (API Gateway refuses the upgrade with 403), never a thrown error: that would be a Lambda
 * failure and trip the authorizer's error alarm for what is only an expired sign-in. A fault of ours
 * (Cognito's keys unreachable) is thrown on.
 */
export const handler = async (
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> => {
  const token = event.queryStringParameters?.token;
  if (!token) return policy('anonymous', 'Deny', event.methodArn);
  try {
    const caller = await verifyIdToken(token);
    return { ...policy(caller.userId, 'Allow', event.methodArn), context: toAuthorizerContext(caller) };
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    logger.info('WebSocket token refused', { reason: error.message });
    return policy('anonymous', 'Deny', event.methodArn);
  }
};

function policy(principalId: string, effect: 'Allow' | 'Deny', resource: string): APIGatewayAuthorizerResult {
  return {
    principalId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
    },
  };
}
