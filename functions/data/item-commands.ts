import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Entity, FormattedItem, KeyInputItem } from 'dynamodb-toolbox/entity';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutItemCommand, type PutItemInput } from 'dynamodb-toolbox/entity/actions/put';

/** The reads and writes every store repeats, over dynamodb-toolbox's commands. */

/** The item under `key`, or null. */
export async function findItem<ENTITY extends Entity>(
  entity: ENTITY,
  key: KeyInputItem<ENTITY>,
  options: { readonly consistent?: boolean } = {},
): Promise<FormattedItem<ENTITY> | null> {
  const { Item } = await entity
    .build(GetItemCommand)
    .key(key)
    .options({ consistent: options.consistent ?? false })
    .send();
  return (Item as FormattedItem<ENTITY> | undefined) ?? null;
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

type StartKey = Record<string, unknown>;

/**
 * Up to `count` items of a query, reading on while DynamoDB stops a page early (its 1 MB page cap, or
 * items of another entity in the key range that the entity filter drops). Each request asks only for
 * what is still missing, so a page reads no more than it returns.
 */
export async function collectUpTo<Item>(
  count: number,
  query: (
    limit: number,
    exclusiveStartKey: StartKey | undefined,
  ) => Promise<{ Items?: Item[]; LastEvaluatedKey?: StartKey }>,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: StartKey | undefined;
  do {
    const page = await query(count - items.length, start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start !== undefined && items.length < count);
  return items;
}
