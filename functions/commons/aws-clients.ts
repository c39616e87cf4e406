import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Shared AWS clients, created once per container. In AWS the SDK finds everything itself; locally the
 * runtime points each service at its emulator through the SDK's standard `AWS_ENDPOINT_URL_<SERVICE>`
 * variables, read here explicitly so S3 can also switch to path-style addressing.
 */

const endpoint = (service: string): string | undefined =>
  process.env[`AWS_ENDPOINT_URL_${service}`] || undefined;

/**
 * One client per endpoint: in AWS that is one per container; locally a restarted runtime gets new
 * emulator ports, and a client must not keep talking to the old ones.
 */
const memo = <T>(service: string, create: () => T): (() => T) => {
  let instance: { endpoint: string | undefined; client: T } | undefined;
  return () => {
    const current = endpoint(service);
    if (!instance || instance.endpoint !== current) instance = { endpoint: current, client: create() };
    return instance.client;
  };
};

export const dynamoDocumentClient = memo('DYNAMODB', () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoint('DYNAMODB') }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);

export const s3Client = memo('S3', () => {
  const s3Endpoint = endpoint('S3');
  return new S3Client({
    endpoint: s3Endpoint,
    forcePathStyle: s3Endpoint !== undefined,
    // s3rver cannot validate the SDK's default CRC checksums; asking only when required works in both.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

export const sqsClient = memo('SQS', () => new SQSClient({ endpoint: endpoint('SQS') }));

export const cognitoClient = memo(
  'COGNITO_IDENTITY_PROVIDER',
  () => new CognitoIdentityProviderClient({ endpoint: endpoint('COGNITO_IDENTITY_PROVIDER') }),
);

export const kmsClient = memo('KMS', () => new KMSClient({ endpoint: endpoint('KMS') }));

export const secretsClient = memo(
  'SECRETS_MANAGER',
  () => new SecretsManagerClient({ endpoint: endpoint('SECRETS_MANAGER') }),
);

const managementClients = new Map<string, ApiGatewayManagementApiClient>();

/** Posts to WebSocket connections: the stage callback URL in AWS, the local gateway's stand-in locally. */
export function webSocketManagementClient(callbackUrl: string): ApiGatewayManagementApiClient {
  let client = managementClients.get(callbackUrl);
  if (!client) {
    client = new ApiGatewayManagementApiClient({ endpoint: callbackUrl });
    managementClients.set(callbackUrl, client);
  }
  return client;
}
