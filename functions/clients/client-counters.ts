import { entities } from '#functions/data/entities';

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
  const patch = entities().client.patch({ clientId });
  const amount = counter === 'contentCount' ? { contentCount: 1 } : { accessCount: 1 };
  const operation = delta === 1 ? patch.add(amount) : patch.subtract(amount);
  const result = await operation.go({ response: 'none', returnOnConditionCheckFailure: true });
  return !result.rejected;
}
