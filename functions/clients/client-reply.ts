import { currentMonth, monthSpendOf, spendOf } from '#functions/budgets/client-spend';
import { entities } from '#functions/data/entities';
import { findItem } from '#functions/data/item-commands';
import type { ClientSpend } from '#shared/budget';
import type { Client } from '#shared/client';
import { type ClientRecord, toClient } from './client-record';

/**
 * A client as the API replies with it: the profile, its monthly budget and what this
 * month's finished jobs cost so far, read from the client's spend item of the month.
 */
export type ClientReply = Client & ClientSpend;

export async function clientReply(record: ClientRecord): Promise<ClientReply> {
  const spend = await findItem(entities().clientSpend, {
    clientId: record.clientId,
    month: await currentMonth(),
  });
  return { ...toClient(record), ...spendOf(record.budgetMicroUsd, spend) };
}

/** Adds the spend fields to many clients with one BatchGet (a page of the list). */
export async function withSpend<T extends { id: string }>(
  clients: readonly T[],
  budgets: ReadonlyMap<string, number | undefined>,
): Promise<(T & ClientSpend)[]> {
  const rows = await monthSpendOf(clients.map((client) => client.id));
  return clients.map((client) => ({
    ...client,
    ...spendOf(budgets.get(client.id), rows.get(client.id) ?? null),
  }));
}
