import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';

/**
 * Posts to WebSocket connections. The management API has no endpoint of its own: each WebSocket
 * stage's callback URL is one (`https://{api}.execute-api.{region}.amazonaws.com/{stage}` in AWS, the
 * local gateway's stand-in locally, both given as WS_CALLBACK_URL), so a client is built per URL on
 * first use and kept. A closed connection answers `GoneException` (410).
 */
const managementClients = new Map<string, ApiGatewayManagementApiClient>();

export function webSocketManagementClient(callbackUrl: string): ApiGatewayManagementApiClient {
  let client = managementClients.get(callbackUrl);
  if (!client) {
    client = new ApiGatewayManagementApiClient({ endpoint: callbackUrl });
    managementClients.set(callbackUrl, client);
  }
  return client;
}
