import type { ClientRecord } from '#functions/clients/client-record';
import type { BudgetedClient } from './client-spend';

/** What the budget check needs of a stored client. */
export function budgetedClientOf(
  record: Pick<ClientRecord, 'clientId' | 'name' | 'budgetMicroUsd'>,
): BudgetedClient {
  return { id: record.clientId, name: record.name, budgetMicroUsd: record.budgetMicroUsd ?? null };
}
