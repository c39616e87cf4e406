import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { withoutLogFiltering } from './client-endpoint';

const managementClients = new Map<string, ApiGatewayManagementApiClient>();

/** Posts to WebSocket connections: the stage callback URL in AWS, the local gateway's stand-in locally. */
export function webSocketManagementClient(callbackUrl: string): ApiGatewayManagementApiClient {
  let client = managementClients.get(callbackUrl);
  if (!client) {
    client = withoutLogFiltering(new ApiGatewayManagementApiClient({ endpoint: callbackUrl }));
    managementClients.set(callbackUrl, client);
  }
  return client;
}
