import type { DynamoDBDocumentClient as SdkDocumentClient } from '@aws-sdk/lib-dynamodb';
import { endpoint, memo } from './client-endpoint';
import { DynamoDBDocumentClient } from './dynamodb-document-client';

/**
 * The stores' document client (dynamodb-document-client.ts says why it is not the SDK's). It is typed
 * as lib-dynamodb's client because dynamodb-toolbox's Table asks for that type; the toolbox and our
 * stores only ever call `send` with lib-dynamodb's command classes, which is all this one implements
 * (dynamodb-document-client.test.ts sends each class the toolbox imports).
 */
export const dynamoDocumentClient = memo(
  'DYNAMODB',
  () =>
    new DynamoDBDocumentClient({
      endpoint: endpoint('DYNAMODB'),
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    }) as unknown as SdkDocumentClient,
);
