import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $get, $subtract } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { entities } from '#functions/data/entities';
import { isConditionFailure } from '#functions/data/item-keys';

export type ClientCounter = 'contentCount' | 'accessCount';

/**
 * Moves a counter on the client item by one, in the same request path that adds or removes the counted
 * item, so lists read counts without a query per client. Returns false when the client no longer exists
 * (the patch is conditional on the item), so the caller can undo its own write.
 */
export async function adjustClientCounter(
  clientId: string,
  counter: ClientCounter,
  delta: 1 | -1,
): Promise<boolean> {
  // As ElectroDB wrote them: ADD to count up, SET (counter or 0) - 1 to count down.
  const change = delta === 1 ? $add(1) : $subtract($get(counter, 0), 1);
  try {
    await entities()
      .client.build(UpdateItemCommand)
      .item({ clientId, [counter]: change })
      .options({ condition: { attr: 'clientId', exists: true } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
