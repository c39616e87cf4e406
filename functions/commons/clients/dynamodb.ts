import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { endpoint, memo, withoutLogFiltering } from './client-endpoint';

/** The document client shares its base client's middleware stack, so the filter is gone from both. */
export const dynamoDocumentClient = memo('DYNAMODB', () =>
  DynamoDBDocumentClient.from(withoutLogFiltering(new DynamoDBClient({ endpoint: endpoint('DYNAMODB') })), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);
