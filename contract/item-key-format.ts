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
 *
 * The handlers write these keys (functions/data/item-keys.ts) and the stack's grants name their
 * partitions (infra/grants.ts), so the format is part of the contract.
 *
 * When it may change: never in place. The format stays for as long as a table holds items written in
 * it, which is every table deployed so far. A new format would need a migration that rewrites every
 * item's keys, and grants and reads that accept both formats while it runs. Nothing in the code reads
 * an older format, so there is no compatibility branch to delete.
 */

const SERVICE = 'lbm';
/** `__edb_v__`'s value, also the number in every sort key. */
export const ENTITY_VERSION = '1';

/** ElectroDB's name for the attribute that holds the entity name; the table's entity attribute. */
export const ENTITY_NAME_ATTRIBUTE = '__edb_e__';
export const ENTITY_VERSION_ATTRIBUTE = '__edb_v__';

export type KeyPart = readonly [attribute: string, value: string];

const composite = (parts: readonly KeyPart[]) =>
  parts.map(([attribute, value]) => `#${attribute}_${value}`).join('');

export function partitionKey(parts: readonly KeyPart[], keepCase = false): string {
  const key = `$${SERVICE}${composite(parts)}`;
  return keepCase ? key : key.toLowerCase();
}

export function sortKey(entityName: string, parts: readonly KeyPart[] = []): string {
  return `$${entityName}_${ENTITY_VERSION}${composite(parts)}`.toLowerCase();
}

/**
 * The start every sort key of `entityName` in an index shares when its first composite is `attribute`:
 * what a query with no sort key value matches (`begins_with`), as ElectroDB queried.
 */
export function sortKeyPrefix(entityName: string, attribute: string): string {
  return `${sortKey(entityName)}#${attribute}_`.toLowerCase();
}
