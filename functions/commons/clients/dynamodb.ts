import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { memo } from './client-endpoint';

/**
 * The table's document client, as dynamodb-toolbox integrates it (its Tables take this client) and
 * as our stores send lib-dynamodb's commands through it. Undefined attributes are left out rather
 * than refused; class instances are not turned into maps.
 */
export const dynamoDocumentClient = memo('DYNAMODB', () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }),
);
