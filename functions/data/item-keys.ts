import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { string } from 'dynamodb-toolbox/schema/string';
import { Table } from 'dynamodb-toolbox/table';
import { TABLE_INDEXES, TABLE_KEYS } from './table-definition';

/**
 * The stored shape of every item, as ElectroDB wrote it before dynamodb-toolbox replaced it
 * (docs/decisions.md, "Platform"): items already in a table must read, update and list exactly as before,
 * and new writes must look the same. So the key values keep ElectroDB's format:
 *
 * - partition key: `$lbm#<attribute>_<value>` for each composite attribute, all lower-cased
 *   (`$lbm#clientid_01abc`), or kept as given where the index said `casing: 'none'`;
 * - sort key: `$<entity>_1` followed by `#<attribute>_<value>` for each composite, all lower-cased
 *   (`$content_1#contentid_01con`);
 * - `__edb_e__` holds the entity name and `__edb_v__` its version ('1') on every item.
 */

const SERVICE = 'lbm';
const VERSION = '1';

/** ElectroDB's name for the attribute that holds the entity name; the table's entity attribute. */
export const ENTITY_NAME_ATTRIBUTE = '__edb_e__';
const ENTITY_VERSION_ATTRIBUTE = '__edb_v__';

export type KeyPart = readonly [attribute: string, value: string];

const composite = (parts: readonly KeyPart[]) =>
  parts.map(([attribute, value]) => `#${attribute}_${value}`).join('');

export function partitionKey(parts: readonly KeyPart[], keepCase = false): string {
  const key = `$${SERVICE}${composite(parts)}`;
  return keepCase ? key : key.toLowerCase();
}

export function sortKey(entityName: string, parts: readonly KeyPart[] = []): string {
  return `$${entityName}_${VERSION}${composite(parts)}`.toLowerCase();
}

/**
 * The start every sort key of `entityName` in an index shares when its first composite is `attribute`:
 * what a query with no sort key value matches (`begins_with`), as ElectroDB queried.
 */
export function sortKeyPrefix(entityName: string, attribute: string): string {
  return `${sortKey(entityName)}#${attribute}_`.toLowerCase();
}

/** `__edb_v__`: written on every put and update, never returned. */
export const entityVersion = () =>
  string().optional().hidden().savedAs(ENTITY_VERSION_ATTRIBUTE).putDefault(VERSION).updateDefault(VERSION);

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
