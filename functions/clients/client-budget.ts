import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { recordActivity } from '#functions/activities/activity-log';
import { budgetedClientOf } from '#functions/budgets/budgeted-client';
import { allowExtraJob, setSpendLimit } from '#functions/budgets/client-spend';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError, ForbiddenError } from '#functions/commons/errors';
import { entities } from '#functions/data/entities';
import { BUDGET_ACTIVITY, BUDGET_MESSAGES } from '#shared/budget';
import { microToUsd, usdToMicro } from '#shared/prices';
import type { AuthorizedClient } from './client-access';
import type { ClientRecord } from './client-record';

/**
 * A client's monthly AI budget: set by an admin only (docs/decisions.md, "Client budgets that tell the truth"), kept on the client item
 * (the budget of every month to come) and on this month's spend item (what the admission checks).
 * Raising it, and allowing one more job past it, are recorded in the Activity Tracker.
 */

export async function setClientBudget(
  caller: Caller,
  { record }: AuthorizedClient,
  monthlyUsd: number | null,
  userAgent: string | null,
): Promise<ClientRecord> {
  // The budget limits the staff who run the client's jobs, so only an admin sets it (docs/decisions.md, "Client budgets that tell the truth"): the owner
  // sees it on the client's card, read-only.
  if (!caller.isAdmin) throw new ForbiddenError(BUDGET_MESSAGES.setAdminOnly);
  const micro = monthlyUsd === null ? null : usdToMicro(monthlyUsd);
  const { Attributes } = await entities()
    .client.build(UpdateItemCommand)
    .item({ clientId: record.clientId, budgetMicroUsd: micro === null ? $remove() : micro })
    .options({ condition: { attr: 'clientId', exists: true }, returnValues: 'ALL_NEW' })
    .send();
  const updated = (Attributes ?? { ...record, budgetMicroUsd: micro ?? undefined }) as ClientRecord;
  await setSpendLimit(budgetedClientOf(updated), micro);
  const before = record.budgetMicroUsd;
  const raised = micro !== null && before !== undefined && micro > before;
  await recordActivity(caller, {
    action: raised ? BUDGET_ACTIVITY.raised : BUDGET_ACTIVITY.set,
    resourceType: BUDGET_ACTIVITY.resourceType,
    resourceId: record.clientId,
    details: {
      client_name: record.name,
      previous_monthly_usd: before === undefined ? null : microToUsd(before),
      monthly_usd: monthlyUsd,
    },
    userAgent,
  });
  return updated;
}

export async function allowOneMoreJob(
  caller: Caller,
  { record }: AuthorizedClient,
  userAgent: string | null,
): Promise<void> {
  if (!caller.isAdmin) throw new ForbiddenError(BUDGET_MESSAGES.adminOnly);
  if (record.budgetMicroUsd === undefined) throw new BadRequestError(BUDGET_MESSAGES.noBudget, 'no_budget');
  await allowExtraJob(budgetedClientOf(record));
  await recordActivity(caller, {
    action: BUDGET_ACTIVITY.extraJob,
    resourceType: BUDGET_ACTIVITY.resourceType,
    resourceId: record.clientId,
    details: { client_name: record.name, monthly_usd: microToUsd(record.budgetMicroUsd) },
    userAgent,
  });
}
