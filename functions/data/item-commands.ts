import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Entity, FormattedItem, KeyInputItem } from 'dynamodb-toolbox/entity';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutItemCommand, type PutItemInput } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand as TableQueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { type TABLE_INDEXES, TABLE_KEYS } from '#contract/table-definition';

/**
 * The reads and writes every store repeats. dynamodb-toolbox builds every request (keys, conditions,
 * index queries); reads are turned into records here, as ElectroDB did: the entity's visible attributes
 * under their names, nothing re-checked. The toolbox's own formatter runs each attribute of each item
 * through a generator and its validators, many times ElectroDB's CPU (docs/benchmarks.md, "api-throughput"),
 * which a list of clients would pay on every request.
 */

type Raw = Record<string, unknown>;

const readers = new WeakMap<Entity, (raw: Raw) => unknown>();

/** The record a stored item reads as: visible attributes by name; keys and internal attributes dropped. */
export function readItem<ENTITY extends Entity>(entity: ENTITY, raw: Raw): FormattedItem<ENTITY> {
  let reader = readers.get(entity);
  if (!reader) {
    const visible = Object.entries(entity.schema.attributes)
      .filter(([, attribute]) => attribute.props.hidden !== true)
      .map(([name, attribute]) => [name, attribute.props.savedAs ?? name] as const);
    reader = (item: Raw) => {
      const record: Raw = {};
      for (const [name, savedAs] of visible) {
        const value = item[savedAs];
        if (value !== undefined) record[name] = value;
      }
      return record;
    };
    readers.set(entity, reader);
  }
  return reader(raw) as FormattedItem<ENTITY>;
}

/** The item under `key`, or null. */
export async function findItem<ENTITY extends Entity>(
  entity: ENTITY,
  key: KeyInputItem<ENTITY>,
  options: { readonly consistent?: boolean } = {},
): Promise<FormattedItem<ENTITY> | null> {
  const params = entity
    .build(GetItemCommand)
    .key(key)
    .options({ consistent: options.consistent ?? false })
    .params();
  const { Item } = await entity.table.getDocumentClient().send(new GetCommand(params));
  return Item ? readItem(entity, Item) : null;
}

export interface ItemPage<Item> {
  readonly Items: Item[];
  readonly LastEvaluatedKey?: Raw;
}

/** One page of a query built with the toolbox's QueryCommand (`.params()`), read as `entity`. */
export async function readQueryPage<ENTITY extends Entity>(
  entity: ENTITY,
  params: QueryCommandInput,
): Promise<ItemPage<FormattedItem<ENTITY>>> {
  const { Items = [], LastEvaluatedKey } = await entity.table
    .getDocumentClient()
    .send(new QueryCommand(params));
  return { Items: Items.map((item) => readItem(entity, item)), LastEvaluatedKey };
}

/** An index query's key range: the sort keys that begin with a prefix, or those below a key. */
export type IndexRange = { readonly beginsWith: string } | { readonly lt: string };

export interface IndexQuery {
  readonly index: (typeof TABLE_INDEXES)[number]['name'];
  readonly partition: string;
  readonly range: IndexRange;
  /** Newest first, for the ULID-ordered sort keys. */
  readonly reverse?: boolean;
  readonly limit?: number;
  readonly exclusiveStartKey?: Raw | undefined;
  /** Only these attributes of each item (by their names in the entity); every one when absent. */
  readonly attributes?: readonly string[] | undefined;
}

/**
 * The Query for one entity's items on an index, as the toolbox's QueryCommand builds it (key condition
 * on the index keys, a filter on the entity name, as ElectroDB queried); `readQueryPage` sends it and
 * reads the items.
 */
export function indexQueryParams(entity: Entity, query: IndexQuery): QueryCommandInput {
  return entity.table
    .build(TableQueryCommand)
    .entities(entity)
    .query({ index: query.index, partition: query.partition, range: query.range })
    .options({
      ...(query.reverse ? { reverse: true } : {}),
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      ...(query.exclusiveStartKey ? { exclusiveStartKey: query.exclusiveStartKey } : {}),
      ...(query.attributes ? { attributes: [...query.attributes] } : {}),
    })
    .params();
}

/** Every item the query matches, page after page. */
export async function queryAll<ENTITY extends Entity>(
  entity: ENTITY,
  params: QueryCommandInput,
): Promise<FormattedItem<ENTITY>[]> {
  const items: FormattedItem<ENTITY>[] = [];
  let start: Raw | undefined = params.ExclusiveStartKey;
  do {
    const page = await readQueryPage(entity, { ...params, ExclusiveStartKey: start });
    items.push(...page.Items);
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return items;
}

/**
 * Up to `count` items of a query, reading on while DynamoDB stops a page early (its 1 MB page cap, or
 * items of another entity in the key range that the entity filter drops). Each request asks only for
 * what is still missing, so a page reads no more than it returns.
 */
export async function collectUpTo<Item>(
  count: number,
  query: (limit: number, exclusiveStartKey: Raw | undefined) => Promise<ItemPage<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Raw | undefined;
  do {
    const page = await query(count - items.length, start);
    items.push(...page.Items);
    start = page.LastEvaluatedKey;
  } while (start !== undefined && items.length < count);
  return items;
}

const GET_CHUNK = 100;

/**
 * A ProjectionExpression of the entity's attributes by name (stored under `savedAs` where it has one),
 * every name through a placeholder, since many attribute names are DynamoDB reserved words.
 */
function projectionOf(
  entity: Entity,
  attributes: readonly string[],
): { ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> } {
  const names: Record<string, string> = {};
  const placeholders = attributes.map((name, index) => {
    const placeholder = `#p${index}`;
    names[placeholder] = entity.schema.attributes[name]?.props.savedAs ?? name;
    return placeholder;
  });
  return { ProjectionExpression: placeholders.join(', '), ExpressionAttributeNames: names };
}

const keyId = (key: Raw) => `${String(key[TABLE_KEYS.partitionKey])}\n${String(key[TABLE_KEYS.sortKey])}`;

/**
 * BatchGetItem in chunks of DynamoDB's 100 keys, one attempt each: the keys DynamoDB left unprocessed
 * come back as the inputs they were, so the caller decides how to retry.
 */
export async function batchGetItems<ENTITY extends Entity>(
  entity: ENTITY,
  keys: readonly KeyInputItem<ENTITY>[],
  options: {
    readonly consistent?: boolean;
    /** Only these attributes of each item (by their names in the entity); every one when absent. */
    readonly attributes?: readonly string[] | undefined;
  } = {},
): Promise<{ data: FormattedItem<ENTITY>[]; unprocessed: KeyInputItem<ENTITY>[] }> {
  const table = entity.table.getName();
  const data: FormattedItem<ENTITY>[] = [];
  const unprocessed: KeyInputItem<ENTITY>[] = [];
  const projection = options.attributes ? projectionOf(entity, options.attributes) : {};
  for (let start = 0; start < keys.length; start += GET_CHUNK) {
    const chunk = keys.slice(start, start + GET_CHUNK);
    const stored = chunk.map((key) => entity.build(GetItemCommand).key(key).params().Key ?? {});
    const { Responses, UnprocessedKeys } = await entity.table.getDocumentClient().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: { Keys: stored, ConsistentRead: options.consistent ?? false, ...projection },
        },
      }),
    );
    for (const item of Responses?.[table] ?? []) data.push(readItem(entity, item));
    const skipped = new Set((UnprocessedKeys?.[table]?.Keys ?? []).map(keyId));
    chunk.forEach((key, index) => {
      if (skipped.has(keyId(stored[index] ?? {}))) unprocessed.push(key);
    });
  }
  return { data, unprocessed };
}

/**
 * Writes the item (defaults and index keys filled in) and returns it as a read would, without its keys
 * and internal attributes. A failed `condition` throws the SDK's ConditionalCheckFailedException.
 */
export async function putItem<ENTITY extends Entity>(
  entity: ENTITY,
  item: PutItemInput<ENTITY>,
  condition?: Condition<ENTITY>,
): Promise<FormattedItem<ENTITY>> {
  const command = entity.build(PutItemCommand).item(item);
  const { ToolboxItem, ...params } = (condition ? command.options({ condition }) : command).params();
  await entity.table.getDocumentClient().send(new PutCommand(params));
  return entity.build(EntityFormatter).format(params.Item ?? {}) as FormattedItem<ENTITY>;
}
