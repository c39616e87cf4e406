import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { ENTITY_NAME_ATTRIBUTE, ENTITY_VERSION, ENTITY_VERSION_ATTRIBUTE } from '#contract/item-key-format';
import { TABLE_INDEXES, TABLE_KEYS } from '#contract/table-definition';

// The key format is the contract's (the stack's grants name its partitions); the stores read it here.
export {
  ENTITY_NAME_ATTRIBUTE,
  type KeyPart,
  partitionKey,
  sortKey,
  sortKeyPrefix,
} from '#contract/item-key-format';

/** `__edb_v__`: written on every put and update, never returned. */
export const entityVersion = () =>
  string()
    .optional()
    .hidden()
    .savedAs(ENTITY_VERSION_ATTRIBUTE)
    .putDefault(ENTITY_VERSION)
    .updateDefault(ENTITY_VERSION);

/** The one table (docs/architecture.md, "Data: one table"); `table-definition.ts` holds the key names the stack creates. */
export function singleTable(name: string, documentClient: DynamoDBDocumentClient) {
  const [gsi1, gsi2, gsi3] = TABLE_INDEXES;
  const index = <DEFINITION extends (typeof TABLE_INDEXES)[number]>(definition: DEFINITION) =>
    ({
      type: 'global',
      partitionKey: { name: definition.partitionKey, type: 'string' },
      sortKey: { name: definition.sortKey, type: 'string' },
    }) as const;
  return new Table({
    name,
    documentClient,
    partitionKey: { name: TABLE_KEYS.partitionKey, type: 'string' },
    sortKey: { name: TABLE_KEYS.sortKey, type: 'string' },
    // The index names are the physical ones: gsi1..gsi3 in table-definition.ts.
    indexes: { gsi1: index(gsi1), gsi2: index(gsi2), gsi3: index(gsi3) },
    entityAttributeSavedAs: ENTITY_NAME_ATTRIBUTE,
  });
}

export type SingleTable = ReturnType<typeof singleTable>;

/** The SDK's error for a failed ConditionExpression (dynamodb-toolbox passes it through unwrapped). */
export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
