import type { Entity, InputItem, KeyInputItem } from 'dynamodb-toolbox/entity';
import { BatchDeleteRequest } from 'dynamodb-toolbox/entity/actions/batchDelete';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { BatchWriteCommand, execute as executeBatchWrite } from 'dynamodb-toolbox/table/actions/batchWrite';
import { TABLE_KEYS } from '#contract/table-definition';

/**
 * Batch writes of one entity, chunked to DynamoDB's 25 requests a BatchWriteItem (batch reads are in
 * item-commands.ts). One attempt per chunk: what DynamoDB leaves unprocessed comes back to the caller as
 * the inputs it was given, so the caller decides how to retry (retry-unprocessed.ts).
 */

const WRITE_CHUNK = 25;

type StoredKey = Record<string, unknown>;

const keyId = (key: StoredKey) =>
  `${String(key[TABLE_KEYS.partitionKey])}\n${String(key[TABLE_KEYS.sortKey])}`;

function chunks<Value>(values: readonly Value[], size: number): Value[][] {
  const result: Value[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}

async function batchWrite<Input>(
  entity: Entity,
  inputs: readonly Input[],
  request: (input: Input) => BatchPutRequest | BatchDeleteRequest,
): Promise<{ unprocessed: Input[] }> {
  const unprocessed: Input[] = [];
  for (const chunk of chunks(inputs, WRITE_CHUNK)) {
    const requests = chunk.map(request);
    const { UnprocessedItems } = await executeBatchWrite(
      entity.table.build(BatchWriteCommand).requests(...requests),
    );
    const skipped = new Set(
      (UnprocessedItems?.[entity.table.getName()] ?? []).map((left) =>
        keyId(left.PutRequest?.Item ?? left.DeleteRequest?.Key ?? {}),
      ),
    );
    chunk.forEach((input, index) => {
      const params = requests[index]?.params();
      const key = params?.PutRequest?.Item ?? params?.DeleteRequest?.Key;
      if (key && skipped.has(keyId(key))) unprocessed.push(input);
    });
  }
  return { unprocessed };
}

export function batchPutItems<ENTITY extends Entity>(
  entity: ENTITY,
  items: readonly InputItem<ENTITY>[],
): Promise<{ unprocessed: InputItem<ENTITY>[] }> {
  return batchWrite(entity, items, (item) => entity.build(BatchPutRequest).item(item));
}

export function batchDeleteItems<ENTITY extends Entity>(
  entity: ENTITY,
  keys: readonly KeyInputItem<ENTITY>[],
): Promise<{ unprocessed: KeyInputItem<ENTITY>[] }> {
  return batchWrite(entity, keys, (key) => entity.build(BatchDeleteRequest).key(key));
}
