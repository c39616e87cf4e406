/**
 * The physical table: key attribute names and GSIs. The entities (entities.ts) write these fields;
 * the CDK stack and the local bootstrap create exactly this shape.
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk', ttlAttribute: 'expiresAt' } as const;

export const TABLE_INDEXES = [
  { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
] as const;
